import type { DepotStore, FleetStore, GroupFilter, SubFleetStore } from '../fleet-repository';
import { StorageConflict } from '../storage-conflict';
import { fromDepot, fromFleet, fromSubFleet, toDepot, toFleet, toSubFleet } from '../row-mappers';
import type { SqliteAccess } from './sqlite-access';
import { inserter, type Row, updateVersioned } from './sql-helpers';
import { likePattern, pageClause } from '../sql-text';
import { guardConstraints } from './unique-violation';

const ids = (list: string[]) => JSON.stringify(list);

/** WHERE clause for a fleet, sub-fleet or depot table (alias g) limited by scope and filters. */
const groupWhere = (table: 'fleets' | 'sub_fleets' | 'depots', f: GroupFilter) => {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (!f.scope.all) {
    const s = f.scope;
    if (table === 'fleets') {
      parts.push(`(g.id IN (SELECT value FROM json_each(?))
        OR g.id IN (SELECT fleet_id FROM sub_fleets WHERE id IN (SELECT value FROM json_each(?)))
        OR g.id IN (SELECT fleet_id FROM depots WHERE id IN (SELECT value FROM json_each(?))))`);
      params.push(ids(s.fleetIds), ids(s.subFleetIds), ids(s.depotIds));
    } else {
      parts.push('(g.fleet_id IN (SELECT value FROM json_each(?)) OR g.id IN (SELECT value FROM json_each(?)))');
      params.push(ids(s.fleetIds), ids(table === 'sub_fleets' ? s.subFleetIds : s.depotIds));
    }
  }
  if (f.fleetId && table !== 'fleets') (parts.push('g.fleet_id = ?'), params.push(f.fleetId));
  if (f.name) (parts.push("g.name LIKE ? ESCAPE '\\'"), params.push(likePattern(f.name)));
  if (f.status) (parts.push('g.status = ?'), params.push(f.status));
  return { sql: parts.length ? parts.join(' AND ') : '1', params };
};

const VEHICLE_COLUMN = { fleets: 'fleet_id', sub_fleets: 'sub_fleet_id', depots: 'depot_id' } as const;

/**
 * Moves the vehicles of a fleet, sub-fleet or depot (columns `set`) and deletes it, in one
 * transaction; answers the ids of the vehicles moved.
 */
const deleteMovingVehicles = (
  a: SqliteAccess,
  table: 'fleets' | 'sub_fleets' | 'depots',
  id: string,
  set: Record<string, string | null> | null,
): string[] =>
  guardConstraints(() =>
    a.db.transaction(() => {
      const column = VEHICLE_COLUMN[table];
      const moved = a.many(`SELECT id FROM vehicles WHERE ${column} = ?`, id).map((r) => String(r.id));
      if (set && moved.length > 0) {
        const columns = Object.keys(set);
        a.run(`UPDATE vehicles SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${column} = ?`, ...columns.map((c) => set[c]), id);
      }
      a.run(`DELETE FROM ${table} WHERE id = ?`, id);
      return moved;
    })(),
  );

const pager =
  <T>({ one, many }: SqliteAccess, table: 'fleets' | 'sub_fleets' | 'depots', map: (r: Row) => T) =>
  async (filter: GroupFilter, page: { pageNum: number; pageSize: number }) => {
    const w = groupWhere(table, filter);
    const total = Number(one(`SELECT count(*) AS n FROM ${table} g WHERE ${w.sql}`, ...w.params)?.n ?? 0);
    const rows = many(
      `SELECT g.*, (SELECT count(*) FROM vehicles v WHERE v.${VEHICLE_COLUMN[table]} = g.id) AS vehicle_count
       FROM ${table} g WHERE ${w.sql} ORDER BY g.name, g.id${pageClause(page)}`,
      ...w.params,
    );
    return { rows: rows.map((r) => ({ ...map(r), vehicles: Number(r.vehicle_count) })), total };
  };

export const sqliteFleetStore = (a: SqliteAccess): FleetStore => ({
  list: async (scope) =>
    a.many(`SELECT g.* FROM fleets g WHERE ${groupWhere('fleets', { scope }).sql} ORDER BY g.name`, ...groupWhere('fleets', { scope }).params).map(toFleet),
  page: pager(a, 'fleets', toFleet),
  get: async (id) => {
    const r = a.one('SELECT * FROM fleets WHERE id = ?', id);
    return r ? toFleet(r) : null;
  },
  create: async (f) => {
    const row = fromFleet(f);
    guardConstraints(() => inserter(a.db, 'fleets', Object.keys(row)).run(row));
  },
  update: async (f, basedOn) =>
    guardConstraints(() => updateVersioned(a.db, 'fleets', ['name', 'status', 'manager_id', 'service_engineer_id'], fromFleet(f), basedOn)),
  delete: async (id, moveTo) => {
    if (!moveTo && a.one('SELECT 1 AS x FROM vehicles WHERE fleet_id = ? LIMIT 1', id)) {
      throw new StorageConflict('Move or delete the vehicles of this fleet first');
    }
    return deleteMovingVehicles(a, 'fleets', id, moveTo ? { fleet_id: moveTo.fleetId, sub_fleet_id: null, depot_id: null } : null);
  },
  members: async (fleetId) => a.many('SELECT user_id FROM fleet_members WHERE fleet_id = ?', fleetId).map((r) => String(r.user_id)),
  setMembers: async (fleetId, userIds) => {
    guardConstraints(() =>
      a.db.transaction(() => {
        a.run('DELETE FROM fleet_members WHERE fleet_id = ?', fleetId);
        for (const u of userIds) a.run('INSERT INTO fleet_members (fleet_id, user_id) VALUES (?, ?)', fleetId, u);
      })(),
    );
  },
});

export const sqliteSubFleetStore = (a: SqliteAccess): SubFleetStore => ({
  page: pager(a, 'sub_fleets', toSubFleet),
  get: async (id) => {
    const r = a.one('SELECT * FROM sub_fleets WHERE id = ?', id);
    return r ? toSubFleet(r) : null;
  },
  create: async (s) => {
    const row = fromSubFleet(s);
    guardConstraints(() => inserter(a.db, 'sub_fleets', Object.keys(row)).run(row));
  },
  update: async (s, basedOn) => guardConstraints(() => updateVersioned(a.db, 'sub_fleets', ['name', 'status', 'manager_id'], fromSubFleet(s), basedOn)),
  delete: async (id, moveTo) => deleteMovingVehicles(a, 'sub_fleets', id, { sub_fleet_id: moveTo.subFleetId }),
});

export const sqliteDepotStore = (a: SqliteAccess): DepotStore => ({
  page: pager(a, 'depots', toDepot),
  get: async (id) => {
    const r = a.one('SELECT * FROM depots WHERE id = ?', id);
    return r ? toDepot(r) : null;
  },
  create: async (d) => {
    const row = fromDepot(d);
    guardConstraints(() => inserter(a.db, 'depots', Object.keys(row)).run(row));
  },
  update: async (d, basedOn) =>
    guardConstraints(() => updateVersioned(a.db, 'depots', ['name', 'status', 'manager_id', 'city', 'lat', 'lng'], fromDepot(d), basedOn)),
  delete: async (id, moveTo) => deleteMovingVehicles(a, 'depots', id, { depot_id: moveTo.depotId }),
});
