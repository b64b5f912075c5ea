import { type Insertable, sql } from 'kysely';
import { type DeviceRecord, fromDevice, fromVehicle, type VehicleRecord } from '../../modules/vehicles/vehicle-store';
import { advisoryLockKey } from './pg-migrate';
import { type DepotRecord, fromDepot } from '../../modules/depots/depot-store';
import { type FleetRecord, fromFleet } from '../../modules/fleets/fleet-store';
import { fromRole, type RoleRecord } from '../../modules/roles/role-store';
import { fromSubFleet, type SubFleetRecord } from '../../modules/sub-fleets/sub-fleet-store';
import { fromUser, type UserRecord } from '../../modules/accounts/user-store';
import type { FleetDatabase } from './fleet-database';
import type { FleetTables } from './fleet-tables';
import { insertInChunks } from './insert-in-chunks';

export interface SeedData {
  roles: RoleRecord[];
  /** The super admin first, then the demo fleets' service engineer. */
  accounts: UserRecord[];
  fleets: FleetRecord[];
  subFleets: SubFleetRecord[];
  depots: DepotRecord[];
  vehicles: VehicleRecord[];
  devices: DeviceRecord[];
}

const rows = <T extends keyof FleetTables>(list: Array<Record<string, unknown>>) => list as Array<Insertable<FleetTables[T]>>;

/**
 * Writes the first-start data in one transaction unless the database was seeded before; true when
 * it wrote. Up to 100,000 vehicles with their devices: rows go in as multi-row statements.
 */
export const seedOnce = ({ db, dialect }: FleetDatabase, data: SeedData): Promise<boolean> =>
  db.transaction().execute(async (trx) => {
    // Nodes starting together on an empty PostgreSQL database queue here; the first seeds, the others
    // see it done. SQLite's one writer is enough there.
    if (dialect.name === 'postgres') await sql`SELECT pg_advisory_xact_lock(${sql.raw(advisoryLockKey('seed'))})`.execute(trx);
    if (await trx.selectFrom('seed_state').select('id').where('id', '=', 1).executeTakeFirst()) return false;
    const now = new Date().toISOString();
    await insertInChunks(trx, 'roles', rows<'roles'>(data.roles.map((r) => fromRole(r, now))));
    await insertInChunks(trx, 'users', rows<'users'>(data.accounts.map(fromUser)));
    await insertInChunks(trx, 'fleets', rows<'fleets'>(data.fleets.map(fromFleet)));
    await insertInChunks(trx, 'sub_fleets', rows<'sub_fleets'>(data.subFleets.map(fromSubFleet)));
    await insertInChunks(trx, 'depots', rows<'depots'>(data.depots.map(fromDepot)));
    await insertInChunks(trx, 'vehicles', data.vehicles.map(fromVehicle));
    await insertInChunks(trx, 'devices', data.devices.map(fromDevice));
    await trx.insertInto('seed_state').values({ id: 1, seeded_at: now }).execute();
    return true;
  });
