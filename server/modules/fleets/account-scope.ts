import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { VisibleScope } from '../../platform/database/records';

/** What the account manages, services or is assigned to: the fleets, sub-fleets and depots it sees. */
export const accountScope =
  ({ db }: FleetDatabase) =>
  async (userId: string): Promise<Extract<VisibleScope, { all: false }>> => {
    const ids = (rows: Array<{ id: string }>) => rows.map((r) => String(r.id));
    const [fleetIds, subFleetIds, depotIds] = await Promise.all([
      db
        .selectFrom('fleets')
        .select('id')
        .where((eb) => eb.or([eb('manager_id', '=', userId), eb('service_engineer_id', '=', userId)]))
        .union(db.selectFrom('fleet_members').select('fleet_id as id').where('user_id', '=', userId))
        .execute(),
      db
        .selectFrom('sub_fleets')
        .select('id')
        .where('manager_id', '=', userId)
        .union(db.selectFrom('sub_fleet_members').select('sub_fleet_id as id').where('user_id', '=', userId))
        .execute(),
      db.selectFrom('depots').select('id').where('manager_id', '=', userId).execute(),
    ]);
    return { all: false, fleetIds: ids(fleetIds), subFleetIds: ids(subFleetIds), depotIds: ids(depotIds) };
  };
