import type { Actor } from '../../access/actor';

/**
 * Who may call a route. Default: any signed-in account (never a share guest or a wall display).
 * `public`: no token needed. `share`: share guests allowed too. `permission`: the role must grant it.
 */
export interface RouteAccess {
  public?: true;
  share?: true;
  /** Wall displays may call it too: reads of the board, home and playlists, never a write. */
  display?: true;
  permission?: string;
  /** Only for super.admin, whatever permissions another role is given. */
  superAdmin?: true;
  /** Only for super.admin (the routes exist only with FLEET_TEST_HOOKS=1). */
  testHook?: true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    actor: Actor | null;
  }
}
