import type { Insertable, Selectable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { SubFleetsTable } from '../../platform/database/fleet-tables';
import { updateVersioned } from '../../platform/database/versioned-update';
import type { EntityStatus, PageQuery, Paged } from '../../platform/database/records';
import { type GroupCounts, type GroupFilter, groupQueries } from '../fleets/group-queries';

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    subFleets: SubFleetStore;
  }
}

export interface SubFleetRecord {
  id: string;
  fleetId: string;
  name: string;
  status: EntityStatus;
  managerId: string | null;
  createdAt: string;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
}

export interface SubFleetStore {
  page(filter: GroupFilter, page: PageQuery): Promise<Paged<SubFleetRecord & GroupCounts>>;
  get(id: string): Promise<SubFleetRecord | null>;
  create(sub: SubFleetRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(sub: SubFleetRecord, basedOn?: number): Promise<number | null>;
  /** Deletes the sub-fleet; its vehicles move to `moveTo` (null: the fleet alone). Answers their ids. */
  delete(id: string, moveTo: { subFleetId: string | null }): Promise<string[]>;
}

export const toSubFleet = (r: Selectable<SubFleetsTable>): SubFleetRecord => ({
  id: String(r.id),
  fleetId: String(r.fleet_id),
  name: String(r.name),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  managerId: r.manager_id ?? null,
  createdAt: String(r.created_at),
  version: Number(r.version),
});

export const fromSubFleet = (s: SubFleetRecord): Insertable<SubFleetsTable> => ({
  id: s.id,
  fleet_id: s.fleetId,
  name: s.name,
  status: s.status,
  manager_id: s.managerId,
  created_at: s.createdAt,
});

export const subFleetStore = (database: FleetDatabase): SubFleetStore => {
  const { db } = database;
  const groups = groupQueries(database, 'sub_fleets', toSubFleet);
  return {
    page: groups.page,
    get: async (id) => {
      const r = await db.selectFrom('sub_fleets').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toSubFleet(r) : null;
    },
    create: async (s) => {
      await db.insertInto('sub_fleets').values(fromSubFleet(s)).execute();
    },
    update: (s, basedOn) => updateVersioned(db, 'sub_fleets', s.id, { name: s.name, status: s.status, manager_id: s.managerId }, basedOn),
    delete: (id, moveTo) => groups.deleteMovingVehicles(id, { sub_fleet_id: moveTo.subFleetId }),
  };
};
