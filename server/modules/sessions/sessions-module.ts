import type { FleetModule } from '../../platform/modules/fleet-module';
import { registerOauthTokenRoute } from './oauth-token-route';
import { registerSessionInfoRoutes } from './session-info-routes';
import { sessionStore } from './session-store';

/** Sessions: their store, the token route that signs in, and what a session may ask about itself. */
export const sessionsModule: FleetModule = {
  name: 'sessions',
  stores: (database) => ({ sessions: sessionStore(database) }),
  routes: (api, ctx) => {
    registerOauthTokenRoute(api, ctx);
    registerSessionInfoRoutes(api, ctx);
  },
};
