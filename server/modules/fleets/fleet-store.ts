import type { Insertable, Selectable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { FleetsTable } from '../../platform/database/fleet-tables';
import { updateVersioned } from '../../platform/database/versioned-update';
import type { EntityStatus, PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { StorageConflict } from '../../platform/database/storage-conflict';
import { type GroupCounts, type GroupFilter, groupQueries } from './group-queries';

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    fleets: FleetStore;
  }
}

export interface FleetRecord {
  id: string;
  name: string;
  status: EntityStatus;
  managerId: string | null;
  serviceEngineerId: string | null;
  createdAt: string;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
}

export interface FleetStore {
  list(scope: VisibleScope): Promise<FleetRecord[]>;
  page(filter: GroupFilter, page: PageQuery): Promise<Paged<FleetRecord & GroupCounts>>;
  get(id: string): Promise<FleetRecord | null>;
  create(fleet: FleetRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(fleet: FleetRecord, basedOn?: number): Promise<number | null>;
  /**
   * Deletes the fleet, first moving its vehicles to `moveTo` (out of any sub-fleet or depot), in one
   * step; refused (StorageConflict) while vehicles are in the fleet and none is given. Answers the
   * ids of the vehicles moved.
   */
  delete(id: string, moveTo?: { fleetId: string }): Promise<string[]>;
  members(fleetId: string): Promise<string[]>;
  setMembers(fleetId: string, userIds: string[]): Promise<void>;
}

export const toFleet = (r: Selectable<FleetsTable>): FleetRecord => ({
  id: String(r.id),
  name: String(r.name),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  managerId: r.manager_id ?? null,
  serviceEngineerId: r.service_engineer_id ?? null,
  createdAt: String(r.created_at),
  version: Number(r.version),
});

export const fromFleet = (f: FleetRecord): Insertable<FleetsTable> => ({
  id: f.id,
  name: f.name,
  status: f.status,
  manager_id: f.managerId,
  service_engineer_id: f.serviceEngineerId,
  created_at: f.createdAt,
});

// Two parameters a member: far below what either database binds in one statement.
const MEMBERS_PER_INSERT = 10_000;

export const fleetStore = (database: FleetDatabase): FleetStore => {
  const { db } = database;
  const groups = groupQueries(database, 'fleets', toFleet);
  return {
    list: (scope) => groups.list({ scope }),
    page: groups.page,
    get: async (id) => {
      const r = await db.selectFrom('fleets').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toFleet(r) : null;
    },
    create: async (f) => {
      await db.insertInto('fleets').values(fromFleet(f)).execute();
    },
    update: (f, basedOn) =>
      updateVersioned(db, 'fleets', f.id, { name: f.name, status: f.status, manager_id: f.managerId, service_engineer_id: f.serviceEngineerId }, basedOn),
    delete: async (id, moveTo) => {
      if (!moveTo && (await db.selectFrom('vehicles').select('id').where('fleet_id', '=', id).limit(1).executeTakeFirst())) {
        throw new StorageConflict('Move or delete the vehicles of this fleet first');
      }
      return groups.deleteMovingVehicles(id, moveTo ? { fleet_id: moveTo.fleetId, sub_fleet_id: null, depot_id: null } : null);
    },
    members: async (fleetId) => (await db.selectFrom('fleet_members').select('user_id').where('fleet_id', '=', fleetId).execute()).map((r) => String(r.user_id)),
    setMembers: async (fleetId, userIds) => {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('fleet_members').where('fleet_id', '=', fleetId).execute();
        for (let i = 0; i < userIds.length; i += MEMBERS_PER_INSERT) {
          const batch = userIds.slice(i, i + MEMBERS_PER_INSERT);
          await trx
            .insertInto('fleet_members')
            .values(batch.map((user_id) => ({ fleet_id: fleetId, user_id })))
            .execute();
        }
      });
    },
  };
};
