import type { FleetModule } from '../../platform/modules/fleet-module';
import { registerVehicleAdminRoutes } from './vehicle-admin-routes';
import { registerVehicleBatchRoute } from './vehicle-batch-route';
import { registerVehicleLiveRoutes } from './vehicle-live-routes';
import { vehicleStore } from './vehicle-store';

/** Vehicles: their store, their live state, their administration and batch import. */
export const vehiclesModule: FleetModule = {
  name: 'vehicles',
  stores: (database) => ({ vehicles: vehicleStore(database) }),
  routes: (api, ctx) => {
    registerVehicleLiveRoutes(api, ctx);
    registerVehicleAdminRoutes(api, ctx);
    registerVehicleBatchRoute(api, ctx);
  },
};
