import type { DepotStore, FleetStore, GroupFilter, SubFleetStore } from '../fleet-repository';
import { fromDepot, fromFleet, fromSubFleet, toDepot, toFleet, toSubFleet } from '../row-mappers';
import { likePattern, pageClause } from '../sql-text';
import { StorageConflict } from '../storage-conflict';
import { insertRows, type PgAccess, type Row, updateVersioned } from './pg-access';

type GroupTable = 'fleets' | 'sub_fleets' | 'depots';

/** WHERE clause for a fleet, sub-fleet or depot table (alias g) limited by scope and filters. */
const groupWhere = (table: GroupTable, f: GroupFilter) => {
  const parts: string[] = [];
  const params: unknown[] = [];
  if (!f.scope.all) {
    const s = f.scope;
    if (table === 'fleets') {
      parts.push(`(g.id = ANY(?::text[])
        OR g.id IN (SELECT fleet_id FROM sub_fleets WHERE id = ANY(?::text[]))
        OR g.id IN (SELECT fleet_id FROM depots WHERE id = ANY(?::text[])))`);
      params.push(s.fleetIds, s.subFleetIds, s.depotIds);
    } else {
      parts.push('(g.fleet_id = ANY(?::text[]) OR g.id = ANY(?::text[]))');
      params.push(s.fleetIds, table === 'sub_fleets' ? s.subFleetIds : s.depotIds);
    }
  }
  if (f.fleetId && table !== 'fleets') (parts.push('g.fleet_id = ?'), params.push(f.fleetId));
  if (f.name) (parts.push("g.name ILIKE ? ESCAPE '\\'"), params.push(likePattern(f.name)));
  if (f.status) (parts.push('g.status = ?'), params.push(f.status));
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
};

const VEHICLE_COLUMN = { fleets: 'fleet_id', sub_fleets: 'sub_fleet_id', depots: 'depot_id' } as const;

/**
 * Moves the vehicles of a fleet, sub-fleet or depot (columns `set`) and deletes it, in one
 * transaction; answers the ids of the vehicles moved.
 */
const deleteMovingVehicles = (a: PgAccess, table: GroupTable, id: string, set: Record<string, string | null> | null): Promise<string[]> =>
  a.tx(async (q) => {
    const column = VEHICLE_COLUMN[table];
    const moved = (await q.many(`SELECT id FROM vehicles WHERE ${column} = ?`, id)).map((r) => String(r.id));
    if (set && moved.length > 0) {
      const columns = Object.keys(set);
      await q.run(`UPDATE vehicles SET ${columns.map((c) => `${c} = ?`).join(', ')} WHERE ${column} = ?`, ...columns.map((c) => set[c]), id);
    }
    await q.run(`DELETE FROM ${table} WHERE id = ?`, id);
    return moved;
  });

const pager =
  <T>(a: PgAccess, table: GroupTable, map: (r: Row) => T) =>
  async (filter: GroupFilter, page: { pageNum: number; pageSize: number }) => {
    const w = groupWhere(table, filter);
    const total = Number((await a.one(`SELECT count(*) AS n FROM ${table} g WHERE ${w.sql}`, ...w.params))?.n ?? 0);
    const rows = await a.many(
      `SELECT g.*, (SELECT count(*) FROM vehicles v WHERE v.${VEHICLE_COLUMN[table]} = g.id) AS vehicle_count
       FROM ${table} g WHERE ${w.sql} ORDER BY g.name, g.id${pageClause(page)}`,
      ...w.params,
    );
    return { rows: rows.map((r) => ({ ...map(r), vehicles: Number(r.vehicle_count) })), total };
  };

export const pgFleetStore = (a: PgAccess): FleetStore => ({
  list: async (scope) => {
    const w = groupWhere('fleets', { scope });
    return (await a.many(`SELECT g.* FROM fleets g WHERE ${w.sql} ORDER BY g.name`, ...w.params)).map(toFleet);
  },
  page: pager(a, 'fleets', toFleet),
  get: async (id) => {
    const r = await a.one('SELECT * FROM fleets WHERE id = ?', id);
    return r ? toFleet(r) : null;
  },
  create: async (f) => {
    await insertRows(a, 'fleets', [fromFleet(f)]);
  },
  update: (f, basedOn) => updateVersioned(a, 'fleets', fromFleet(f), ['name', 'status', 'manager_id', 'service_engineer_id'], basedOn),
  delete: async (id, moveTo) => {
    if (!moveTo && (await a.one('SELECT 1 AS x FROM vehicles WHERE fleet_id = ? LIMIT 1', id))) {
      throw new StorageConflict('Move or delete the vehicles of this fleet first');
    }
    return deleteMovingVehicles(a, 'fleets', id, moveTo ? { fleet_id: moveTo.fleetId, sub_fleet_id: null, depot_id: null } : null);
  },
  members: async (fleetId) => (await a.many('SELECT user_id FROM fleet_members WHERE fleet_id = ?', fleetId)).map((r) => String(r.user_id)),
  setMembers: async (fleetId, userIds) => {
    await a.tx(async (q) => {
      await q.run('DELETE FROM fleet_members WHERE fleet_id = ?', fleetId);
      await insertRows(q, 'fleet_members', userIds.map((u) => ({ fleet_id: fleetId, user_id: u })));
    });
  },
});

export const pgSubFleetStore = (a: PgAccess): SubFleetStore => ({
  page: pager(a, 'sub_fleets', toSubFleet),
  get: async (id) => {
    const r = await a.one('SELECT * FROM sub_fleets WHERE id = ?', id);
    return r ? toSubFleet(r) : null;
  },
  create: async (s) => {
    await insertRows(a, 'sub_fleets', [fromSubFleet(s)]);
  },
  update: (s, basedOn) => updateVersioned(a, 'sub_fleets', fromSubFleet(s), ['name', 'status', 'manager_id'], basedOn),
  delete: async (id, moveTo) => deleteMovingVehicles(a, 'sub_fleets', id, { sub_fleet_id: moveTo.subFleetId }),
});

export const pgDepotStore = (a: PgAccess): DepotStore => ({
  page: pager(a, 'depots', toDepot),
  get: async (id) => {
    const r = await a.one('SELECT * FROM depots WHERE id = ?', id);
    return r ? toDepot(r) : null;
  },
  create: async (d) => {
    await insertRows(a, 'depots', [fromDepot(d)]);
  },
  update: (d, basedOn) => updateVersioned(a, 'depots', fromDepot(d), ['name', 'status', 'manager_id', 'city', 'lat', 'lng'], basedOn),
  delete: async (id, moveTo) => deleteMovingVehicles(a, 'depots', id, { depot_id: moveTo.depotId }),
});
