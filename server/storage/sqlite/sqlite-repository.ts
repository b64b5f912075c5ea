import type Database from 'better-sqlite3';
import type { FleetRepository, SeedData, VehicleFilter } from '../fleet-repository';
import type { PageQuery } from '../records';
import {
  fromDevice,
  fromShare,
  fromVehicle,
  toDevice,
  toShare,
  toVehicle,
  vehicleColumns,
} from '../row-mappers';
import { sqliteHistoryStore } from './history-store';
import { sqliteRollupStore } from './rollup-store';
import { reportStore } from '../../modules/reports/report-store';
import { prealarmStore } from '../../modules/prealarms/prealarm-store';
import { sqliteAccess } from './sqlite-access';
import { feedbackStore } from '../../modules/feedback/feedback-store';
import { issueStore } from '../../modules/issues/issue-store';
import { accountSettingsStore } from '../../modules/account-settings/account-settings-store';
import { guardConstraints } from './unique-violation';
import { inserter, type Row, updater, updateVersioned, vehicleScopeClause } from './sql-helpers';
import { likePattern, pageClause } from '../sql-text';
import { playlistStore } from '../../modules/wall-playlists/playlist-store';
import { fromRole, roleStore } from '../../modules/roles/role-store';
import { fromUser, userStore } from '../../modules/accounts/user-store';
import { verificationCodeStore } from '../../modules/accounts/verification-code-store';
import { sessionStore } from '../../modules/sessions/session-store';
import { fleetStore, fromFleet } from '../../modules/fleets/fleet-store';
import { fromSubFleet, subFleetStore } from '../../modules/sub-fleets/sub-fleet-store';
import { depotStore, fromDepot } from '../../modules/depots/depot-store';
import { groupNames } from '../../modules/fleets/group-names';
import { accountScope } from '../../modules/fleets/account-scope';
import { alarmStore } from '../../modules/alarms/alarm-store';
import { auditStore } from '../../modules/audit/audit-store';
import { groupLogStore } from '../../modules/group-logs/group-log-store';
import { modelStateStore } from '../../modules/model-state/model-state-store';
import { displayTokenStore } from '../../modules/wall-displays/display-token-store';
import { exclusiveStore, sqliteFleetDatabase } from '../../platform/database/fleet-database';

/** The SQLite backend of the fleet repository (better-sqlite3, synchronous under the hood). */
export const createSqliteRepository = (db: Database.Database): FleetRepository => {
  const access = sqliteAccess(db);
  const database = sqliteFleetDatabase(db);
  const { one, many } = access;

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

  return {
    reports: reportStore(database),
    prealarms: prealarmStore(database),
    roles: roleStore(database),
    users: userStore(database),
    codes: verificationCodeStore(database),
    alarms: alarmStore(database),
    playlists: playlistStore(database),
    displays: displayTokenStore(database),
    modelState: modelStateStore(database),
    // History keeps its own SQL per database for speed (packed rows, bulk insert paths).
    history: exclusiveStore(database, sqliteHistoryStore(access)),
    rollups: exclusiveStore(database, sqliteRollupStore(access)),
    groupLogs: groupLogStore(database),
    audit: auditStore(database),
    issues: issueStore(database),
    feedback: feedbackStore(database),
    accountSettings: accountSettingsStore(database),
    sessions: sessionStore(database),
    fleets: fleetStore(database),
    subFleets: subFleetStore(database),
    depots: depotStore(database),
    vehicles: {
      all: async () => many('SELECT * FROM vehicles ORDER BY id').map(toVehicle),
      list: async (filter, page: PageQuery | null, order = { by: 'name', desc: false }) => {
        const w = vehicleWhere(filter);
        const total = Number(one(`SELECT count(*) AS n FROM vehicles v WHERE ${w.sql}`, ...w.params)?.n ?? 0);
        const direction = order.desc ? 'DESC' : 'ASC';
        const column = order.by === 'sn' ? 'v.sn' : 'v.name';
        const rows = many(
          `SELECT v.* FROM vehicles v WHERE ${w.sql}
           ORDER BY v.pinned_at IS NULL, v.pinned_at DESC, ${column} COLLATE NOCASE ${direction}, v.id${pageClause(page)}`,
          ...w.params,
        );
        return { rows: rows.map(toVehicle), total };
      },
      get: async (id) => {
        const r = one('SELECT * FROM vehicles WHERE id = ?', id);
        return r ? toVehicle(r) : null;
      },
      devices: async (vehicleId) =>
        many('SELECT * FROM devices WHERE vehicle_id = ? ORDER BY device_type, device_id', vehicleId).map(toDevice),
      allDevices: async () => many('SELECT * FROM devices').map(toDevice),
      bySn: async (sn) => {
        const r = one('SELECT * FROM vehicles WHERE lower(sn) = lower(?)', sn.trim());
        return r ? toVehicle(r) : null;
      },
      createMany: async (list) => {
        const first = list[0];
        if (!first) return;
        const vStmt = inserter(db, 'vehicles', Object.keys(fromVehicle(first.vehicle)));
        const dStmt = inserter(db, 'devices', ['vehicle_id', 'device_type', 'device_id', 'model', 'version']);
        guardConstraints(() =>
          db.transaction(() => {
            for (const { vehicle, devices } of list) {
              vStmt.run(fromVehicle(vehicle));
              for (const d of devices) dStmt.run(fromDevice(d));
            }
          })(),
        );
      },
      update: async (v, basedOn) => {
        const row = fromVehicle(v);
        return guardConstraints(() => updateVersioned(db, 'vehicles', vehicleColumns(row), row, basedOn));
      },
      delete: async (id) => {
        guardConstraints(() =>
          db.transaction(() => {
            db.prepare('DELETE FROM history WHERE vehicle_id = ?').run(id);
            db.prepare('DELETE FROM history_series WHERE vehicle_id = ?').run(id);
            db.prepare('DELETE FROM vehicles WHERE id = ?').run(id);
          })(),
        );
      },
      replaceDevices: async (v, devices, basedOn) => {
        const row = fromVehicle(v);
        const dStmt = inserter(db, 'devices', ['vehicle_id', 'device_type', 'device_id', 'model', 'version']);
        return guardConstraints(() =>
          db.transaction(() => {
            const version = updateVersioned(db, 'vehicles', vehicleColumns(row), row, basedOn);
            db.prepare('DELETE FROM devices WHERE vehicle_id = ?').run(v.id);
            for (const d of devices) dStmt.run(fromDevice(d));
            return version;
          })(),
        );
      },
      setDeviceVersions: async (list) => {
        const update = db.prepare('UPDATE devices SET version = ? WHERE vehicle_id = ? AND device_type = ? AND device_id = ? AND version IS NOT ?');
        db.transaction(() => {
          for (const d of list) update.run(d.version, d.vehicleId, d.deviceType, d.deviceId, d.version);
        })();
      },
    },
    shares: {
      byAccount: async (account) => {
        const r = one('SELECT * FROM shares WHERE account = ?', account);
        return r ? toShare(r) : null;
      },
      list: async (f, page) => {
        const scope = vehicleScopeClause(f.scope);
        const parts = [scope.sql];
        const params = [...scope.params];
        if (f.vehicleId) (parts.push('s.vehicle_id = ?'), params.push(f.vehicleId));
        if (f.ownerId) (parts.push('s.owner_id = ?'), params.push(f.ownerId));
        if (f.openAt !== undefined) (parts.push('s.active = 1 AND (s.expires_at IS NULL OR s.expires_at > ?)'), params.push(f.openAt));
        const from = `FROM shares s JOIN vehicles v ON v.id = s.vehicle_id WHERE ${parts.join(' AND ')}`;
        const total = Number(one(`SELECT count(*) AS n ${from}`, ...params)?.n ?? 0);
        const rows = many(`SELECT s.*, v.name AS vehicle_name ${from} ORDER BY s.created_at DESC, s.id${pageClause(page)}`, ...params);
        return { rows: rows.map((r) => ({ ...toShare(r), vehicleName: String(r.vehicle_name) })), total };
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
    scopeOf: accountScope(database),
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
        put('users', data.accounts.map(fromUser));
        put('fleets', data.fleets.map(fromFleet));
        put('sub_fleets', data.subFleets.map(fromSubFleet));
        put('depots', data.depots.map(fromDepot));
        put('vehicles', data.vehicles.map(fromVehicle));
        put('devices', data.devices.map(fromDevice));
        db.prepare('INSERT INTO seed_state (id, seeded_at) VALUES (1, ?)').run(now);
        return true;
      })(),
    names: groupNames(database),
    close: async () => {
      db.close();
    },
  };
};
