import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../server-context';
import { FLEET_MODULES } from '../../modules/fleet-modules';
import type { FleetModule } from '../modules/fleet-module';
import { registerSocketRoute } from '../../hub/socket-route';
import { registerTileRoutes } from '../../tiles/tile-routes';
import { registerTestHookRoutes } from './test-hook-routes';

/** Every route under /api: each module's, in the modules' order, then the map tiles, the socket and the test hooks. */
export const registerApiRoutes = (api: FastifyInstance, ctx: ServerContext, modules: readonly FleetModule[] = FLEET_MODULES) => {
  for (const module of modules) module.routes?.(api, ctx);
  registerTileRoutes(api, ctx);
  registerSocketRoute(api, ctx);
  if (ctx.config.testHooks) registerTestHookRoutes(api, ctx);
};
