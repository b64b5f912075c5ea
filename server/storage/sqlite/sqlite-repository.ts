import type Database from 'better-sqlite3';
import type { FleetRepository, SeedData, VehicleFilter } from '../fleet-repository';
import type { PageQuery, SessionRecord, VisibleScope } from '../records';
import {
  fromDepot,
  fromDevice,
  fromFleet,
  fromRole,
  fromShare,
  fromSubFleet,
  fromUser,
  fromVehicle,
  toDevice,
  toFleet,
  toRole,
  toSession,
  toShare,
  toUser,
  toVehicle,
} from './row-mappers';
import { inserter, likePattern, pageClause, type Row, updater, vehicleScopeClause } from './sql-helpers';

const NAME_TABLES = { fleet: 'fleets', subFleet: 'sub_fleets', depot: 'depots' } as const;

/** The SQLite backend of the fleet repository (better-sqlite3, synchronous under the hood). */
export const createSqliteRepository = (db: Database.Database): FleetRepository => {
  const one = (sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as Row | undefined;
  const many = (sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as Row[];

  const vehicleWhere = (f: VehicleFilter) => {
    const scope = vehicleScopeClause(f.scope);
    const parts = [scope.sql];
    const params = [...scope.params];
    if (f.fleetId) (parts.push('v.fleet_id = ?'), params.push(f.fleetId));
    if (f.subFleetId) (parts.push('v.sub_fleet_id = ?'), params.push(f.subFleetId));
    if (f.depotId) (parts.push('v.depot_id = ?'), params.push(f.depotId));
    if (f.search) {
      parts.push("(v.name LIKE ? ESCAPE '\\' OR v.sn LIKE ? ESCAPE '\\')");
      params.push(likePattern(f.search), likePattern(f.search));
    }
    return { sql: parts.join(' AND '), params };
  };

  const scopeOf = (userId: string): Extract<VisibleScope, { all: false }> => ({
    all: false,
    fleetIds: many(
      `SELECT id FROM fleets WHERE manager_id = ? OR service_engineer_id = ?
       UNION SELECT fleet_id FROM fleet_members WHERE user_id = ?`,
      userId,
      userId,
      userId,
    ).map((r) => String(r.id)),
    subFleetIds: many('SELECT id FROM sub_fleets WHERE manager_id = ?', userId).map((r) => String(r.id)),
    depotIds: many('SELECT id FROM depots WHERE manager_id = ?', userId).map((r) => String(r.id)),
  });

  return {
    roles: {
      list: async () => many('SELECT * FROM roles ORDER BY created_at, id').map(toRole),
      get: async (id) => {
        const r = one('SELECT * FROM roles WHERE id = ?', id);
        return r ? toRole(r) : null;
      },
      byKey: async (key) => {
        const r = one('SELECT * FROM roles WHERE role_key = ?', key);
        return r ? toRole(r) : null;
      },
    },
    users: {
      get: async (id) => {
        const r = one('SELECT * FROM users WHERE id = ?', id);
        return r ? toUser(r) : null;
      },
      byEmail: async (email) => {
        const r = one('SELECT * FROM users WHERE email = ?', email);
        return r ? toUser(r) : null;
      },
    },
    sessions: {
      create: async (s: SessionRecord) => {
        db.prepare(
          `INSERT INTO sessions (token_hash, ws_key, user_id, share_account, created_at, expires_at, revoked)
           VALUES (?, ?, ?, ?, ?, ?, 0)`,
        ).run(s.tokenHash, s.wsKey, s.userId, s.shareAccount, s.createdAt, s.expiresAt);
      },
      byTokenHash: async (h) => {
        const r = one('SELECT * FROM sessions WHERE token_hash = ?', h);
        return r ? toSession(r) : null;
      },
      byWsKey: async (k) => {
        const r = one('SELECT * FROM sessions WHERE ws_key = ?', k);
        return r ? toSession(r) : null;
      },
      revokeUser: async (userId) => {
        const keys = many('SELECT ws_key FROM sessions WHERE user_id = ? AND revoked = 0', userId).map((r) =>
          String(r.ws_key),
        );
        db.prepare('UPDATE sessions SET revoked = 1 WHERE user_id = ?').run(userId);
        return keys;
      },
      revoke: async (h) => {
        db.prepare('UPDATE sessions SET revoked = 1 WHERE token_hash = ?').run(h);
      },
      prune: async (nowMs) => {
        db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(nowMs);
      },
    },
    fleets: {
      list: async (scope) => {
        if (scope.all) return many('SELECT * FROM fleets ORDER BY name').map(toFleet);
        return many(
          `SELECT * FROM fleets WHERE id IN (SELECT value FROM json_each(?))
             OR id IN (SELECT fleet_id FROM sub_fleets WHERE id IN (SELECT value FROM json_each(?)))
             OR id IN (SELECT fleet_id FROM depots WHERE id IN (SELECT value FROM json_each(?)))
           ORDER BY name`,
          JSON.stringify(scope.fleetIds),
          JSON.stringify(scope.subFleetIds),
          JSON.stringify(scope.depotIds),
        ).map(toFleet);
      },
      get: async (id) => {
        const r = one('SELECT * FROM fleets WHERE id = ?', id);
        return r ? toFleet(r) : null;
      },
    },
    vehicles: {
      all: async () => many('SELECT * FROM vehicles ORDER BY id').map(toVehicle),
      list: async (filter, page: PageQuery | null) => {
        const w = vehicleWhere(filter);
        const total = Number(one(`SELECT count(*) AS n FROM vehicles v WHERE ${w.sql}`, ...w.params)?.n ?? 0);
        const rows = many(`SELECT v.* FROM vehicles v WHERE ${w.sql} ORDER BY v.name, v.id${pageClause(page)}`, ...w.params);
        return { rows: rows.map(toVehicle), total };
      },
      get: async (id) => {
        const r = one('SELECT * FROM vehicles WHERE id = ?', id);
        return r ? toVehicle(r) : null;
      },
      devices: async (vehicleId) =>
        many('SELECT * FROM devices WHERE vehicle_id = ? ORDER BY device_type, device_id', vehicleId).map(toDevice),
      allDevices: async () => many('SELECT * FROM devices').map(toDevice),
    },
    shares: {
      byAccount: async (account) => {
        const r = one('SELECT * FROM shares WHERE account = ?', account);
        return r ? toShare(r) : null;
      },
      create: async (share) => {
        const row = fromShare(share);
        inserter(db, 'shares', Object.keys(row)).run(row);
      },
      update: async (share) => {
        const row = fromShare(share);
        updater(db, 'shares', Object.keys(row).filter((c) => c !== 'id')).run(row);
      },
      delete: async (id) => {
        db.prepare('DELETE FROM shares WHERE id = ?').run(id);
      },
    },
    scopeOf: async (userId) => scopeOf(userId),
    seedOnce: async (data: SeedData) =>
      db.transaction(() => {
        if (one('SELECT 1 AS x FROM seed_state WHERE id = 1')) return false;
        const now = new Date().toISOString();
        const put = (table: string, rows: Row[]) => {
          const first = rows[0];
          if (!first) return;
          const stmt = inserter(db, table, Object.keys(first));
          for (const r of rows) stmt.run(r);
        };
        put('roles', data.roles.map((r) => fromRole(r, now)));
        put('users', [fromUser(data.admin)]);
        put('fleets', data.fleets.map(fromFleet));
        put('sub_fleets', data.subFleets.map(fromSubFleet));
        put('depots', data.depots.map(fromDepot));
        put('vehicles', data.vehicles.map(fromVehicle));
        put('devices', data.devices.map(fromDevice));
        db.prepare('INSERT INTO seed_state (id, seeded_at) VALUES (1, ?)').run(now);
        return true;
      })(),
    names: async (kind, ids) => {
      const rows = many(
        `SELECT id, name FROM ${NAME_TABLES[kind]} WHERE id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(ids),
      );
      return new Map(rows.map((r) => [String(r.id), String(r.name)]));
    },
    close: () => db.close(),
  };
};
