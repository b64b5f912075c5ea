import type { FleetModule } from '../../platform/modules/fleet-module';
import { registerAccountAdminRoutes } from './account-admin-routes';
import { registerAccountCandidateRoutes } from './account-candidate-routes';
import { registerAccountScopeRoutes } from './account-scope-routes';
import { registerAccountSelfRoutes } from './account-self-routes';
import { userStore } from './user-store';
import { verificationCodeStore } from './verification-code-store';

/** Accounts: users and their verification codes, one's own account, their administration, candidates and scope. */
export const accountsModule: FleetModule = {
  name: 'accounts',
  stores: (database) => ({ users: userStore(database), codes: verificationCodeStore(database) }),
  routes: (api, ctx) => {
    registerAccountSelfRoutes(api, ctx);
    registerAccountAdminRoutes(api, ctx);
    registerAccountCandidateRoutes(api, ctx);
    registerAccountScopeRoutes(api, ctx);
  },
};
