// The server's modules, in the order their routes are registered and their migrations applied. A new
// module is one line here; its store file declares its table types and repository members, its
// routes file (or `<module>-module.ts`) its FleetModule.
import type { FleetModule } from '../platform/modules/fleet-module';
import { accountSettingsModule } from './account-settings/account-settings-store';
import { accountsModule } from './accounts/accounts-module';
import { alarmsModule } from './alarms/alarms-module';
import { auditModule } from './audit/audit-routes';
import { contactPointsModule } from './contact-points/contact-point-routes';
import { depotsModule } from './depots/depot-routes';
import { feedbackModule } from './feedback/feedback-routes';
import { fleetsModule } from './fleets/fleet-routes';
import { groupLogsModule } from './group-logs/group-log-routes';
import { historyModule } from './history/history-routes';
import { incidentsModule } from './incidents/incident-routes';
import { issuesModule } from './issues/issue-routes';
import { modelStateModule } from './model-state/model-state-store';
import { notificationPoliciesModule } from './notification-policies/notification-policy-routes';
import { notificationsModule } from './notifications/notification-routes';
import { prealarmsModule } from './prealarms/prealarm-routes';
import { reportsModule } from './reports/report-routes';
import { rolesModule } from './roles/role-routes';
import { sessionsModule } from './sessions/sessions-module';
import { sharesModule } from './shares/share-routes';
import { silencesModule } from './silences/silence-routes';
import { subFleetsModule } from './sub-fleets/sub-fleet-routes';
import { vehiclesModule } from './vehicles/vehicles-module';
import { wallDisplaysModule } from './wall-displays/display-token-routes';
import { wallPlaylistsModule } from './wall-playlists/wall-playlist-routes';

export const FLEET_MODULES: readonly FleetModule[] = [
  sessionsModule,
  accountsModule,
  accountSettingsModule,
  rolesModule,
  fleetsModule,
  subFleetsModule,
  depotsModule,
  vehiclesModule,
  alarmsModule,
  wallPlaylistsModule,
  wallDisplaysModule,
  historyModule,
  groupLogsModule,
  sharesModule,
  auditModule,
  reportsModule,
  prealarmsModule,
  issuesModule,
  feedbackModule,
  modelStateModule,
  silencesModule,
  notificationPoliciesModule,
  incidentsModule,
  contactPointsModule,
  notificationsModule,
];
