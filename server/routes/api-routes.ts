import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../server-context';
import { registerOauthTokenRoute } from './oauth-token-route';
import { registerSessionInfoRoutes } from './session-info-routes';
import { registerSocketRoute } from './socket-route';
import { registerTestHookRoutes } from './test-hook-routes';
import { registerVehicleLiveRoutes } from './vehicle-live-routes';

/** Every route under /api. */
export const registerApiRoutes = (api: FastifyInstance, ctx: ServerContext) => {
  registerOauthTokenRoute(api, ctx);
  registerSessionInfoRoutes(api);
  registerVehicleLiveRoutes(api, ctx);
  registerSocketRoute(api, ctx);
  if (ctx.config.testHooks) registerTestHookRoutes(api, ctx);
};
