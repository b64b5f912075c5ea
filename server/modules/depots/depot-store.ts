import type { Insertable, Selectable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { DepotsTable } from '../../platform/database/fleet-tables';
import { updateVersioned } from '../../platform/database/versioned-update';
import type { EntityStatus, PageQuery, Paged } from '../../platform/database/records';
import { type GroupCounts, type GroupFilter, groupQueries } from '../fleets/group-queries';

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    depots: DepotStore;
  }
}

export interface DepotRecord {
  id: string;
  fleetId: string;
  name: string;
  status: EntityStatus;
  managerId: string | null;
  city: string;
  lat: number;
  lng: number;
  createdAt: string;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
}

export interface DepotStore {
  page(filter: GroupFilter, page: PageQuery): Promise<Paged<DepotRecord & GroupCounts>>;
  get(id: string): Promise<DepotRecord | null>;
  create(depot: DepotRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(depot: DepotRecord, basedOn?: number): Promise<number | null>;
  /** Deletes the depot; its vehicles move to `moveTo` (null: no depot). Answers their ids. */
  delete(id: string, moveTo: { depotId: string | null }): Promise<string[]>;
}

export const toDepot = (r: Selectable<DepotsTable>): DepotRecord => ({
  id: String(r.id),
  fleetId: String(r.fleet_id),
  name: String(r.name),
  status: r.status === 'disabled' ? 'disabled' : 'active',
  managerId: r.manager_id ?? null,
  city: String(r.city),
  lat: Number(r.lat),
  lng: Number(r.lng),
  createdAt: String(r.created_at),
  version: Number(r.version),
});

export const fromDepot = (d: DepotRecord): Insertable<DepotsTable> => ({
  id: d.id,
  fleet_id: d.fleetId,
  name: d.name,
  status: d.status,
  manager_id: d.managerId,
  city: d.city,
  lat: d.lat,
  lng: d.lng,
  created_at: d.createdAt,
});

export const depotStore = (database: FleetDatabase): DepotStore => {
  const { db } = database;
  const groups = groupQueries(database, 'depots', toDepot);
  return {
    page: groups.page,
    get: async (id) => {
      const r = await db.selectFrom('depots').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toDepot(r) : null;
    },
    create: async (d) => {
      await db.insertInto('depots').values(fromDepot(d)).execute();
    },
    update: (d, basedOn) =>
      updateVersioned(db, 'depots', d.id, { name: d.name, status: d.status, manager_id: d.managerId, city: d.city, lat: d.lat, lng: d.lng }, basedOn),
    delete: (id, moveTo) => groups.deleteMovingVehicles(id, { depot_id: moveTo.depotId }),
  };
};
