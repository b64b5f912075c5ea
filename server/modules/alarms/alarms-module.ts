import type { FleetModule } from '../../platform/modules/fleet-module';
import { registerAlarmAckRoutes } from './alarm-ack-routes';
import { registerAlarmRoutes } from './alarm-routes';
import { ALARM_MIGRATIONS, alarmStore } from './alarm-store';

/** Alarms: their store, their lists and their acknowledgement. */
export const alarmsModule: FleetModule = {
  name: 'alarms',
  stores: (database) => ({ alarms: alarmStore(database) }),
  migrations: ALARM_MIGRATIONS,
  routes: (api, ctx) => {
    registerAlarmRoutes(api, ctx);
    registerAlarmAckRoutes(api, ctx);
  },
};
