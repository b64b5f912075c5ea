import type pg from 'pg';
import type { FleetRepository, SeedData, VehicleFilter } from '../fleet-repository';
import {
  fromDevice,
  fromShare,
  fromVehicle,
  toDevice,
  toShare,
  toVehicle,
  vehicleColumns,
} from '../row-mappers';
import { likePattern, pageClause } from '../sql-text';
import { insertRows, pgAccess, type PgQueries, updateRow, updateVersioned } from './pg-access';
import { feedbackStore } from '../../modules/feedback/feedback-store';
import { issueStore } from '../../modules/issues/issue-store';
import { accountSettingsStore } from '../../modules/account-settings/account-settings-store';
import { pgHistoryStore } from './pg-history-store';
import { reportStore } from '../../modules/reports/report-store';
import { prealarmStore } from '../../modules/prealarms/prealarm-store';
import { advisoryLockKey } from './pg-migrate';
import { pgVehicleScope } from './pg-vehicle-scope';
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
import { postgresFleetDatabase } from '../../platform/database/fleet-database';
import { alarmStore } from '../../modules/alarms/alarm-store';
import { auditStore } from '../../modules/audit/audit-store';
import { groupLogStore } from '../../modules/group-logs/group-log-store';
import { modelStateStore } from '../../modules/model-state/model-state-store';
import { displayTokenStore } from '../../modules/wall-displays/display-token-store';
import { pgRollupStore } from './pg-rollup-store';

const vehicleWhere = (f: VehicleFilter) => {
  const scope = pgVehicleScope(f.scope);
  const parts = [scope.sql];
  const params = [...scope.params];
  if (f.fleetId) (parts.push('v.fleet_id = ?'), params.push(f.fleetId));
  if (f.subFleetId) (parts.push('v.sub_fleet_id = ?'), params.push(f.subFleetId));
  if (f.depotId) (parts.push('v.depot_id = ?'), params.push(f.depotId));
  if (f.search) {
    parts.push("(v.name ILIKE ? ESCAPE '\\' OR v.sn ILIKE ? ESCAPE '\\')");
    params.push(likePattern(f.search), likePattern(f.search));
  }
  return { sql: parts.join(' AND '), params };
};


const putDevices = (q: PgQueries, devices: SeedData['devices']) => insertRows(q, 'devices', devices.map(fromDevice));

/** The PostgreSQL backend of the fleet repository, over a migrated schema (see migratePostgres). */
export const createPostgresRepository = (pool: pg.Pool): FleetRepository => {
  const a = pgAccess(pool);
  const database = postgresFleetDatabase(pool);

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
    history: pgHistoryStore(a),
    rollups: pgRollupStore(a),
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
      all: async () => (await a.many('SELECT * FROM vehicles ORDER BY id')).map(toVehicle),
      list: async (filter, page, order = { by: 'name', desc: false }) => {
        const w = vehicleWhere(filter);
        const total = Number((await a.one(`SELECT count(*) AS n FROM vehicles v WHERE ${w.sql}`, ...w.params))?.n ?? 0);
        const direction = order.desc ? 'DESC' : 'ASC';
        const column = order.by === 'sn' ? 'v.sn' : 'v.name';
        const rows = await a.many(
          `SELECT v.* FROM vehicles v WHERE ${w.sql}
           ORDER BY v.pinned_at IS NULL, v.pinned_at DESC, lower(${column}) ${direction}, v.id${pageClause(page)}`,
          ...w.params,
        );
        return { rows: rows.map(toVehicle), total };
      },
      get: async (id) => {
        const r = await a.one('SELECT * FROM vehicles WHERE id = ?', id);
        return r ? toVehicle(r) : null;
      },
      devices: async (vehicleId) =>
        (await a.many('SELECT * FROM devices WHERE vehicle_id = ? ORDER BY device_type, device_id', vehicleId)).map(toDevice),
      allDevices: async () => (await a.many('SELECT * FROM devices')).map(toDevice),
      bySn: async (sn) => {
        const r = await a.one('SELECT * FROM vehicles WHERE lower(sn) = lower(?)', sn.trim());
        return r ? toVehicle(r) : null;
      },
      createMany: async (list) => {
        if (list.length === 0) return;
        await a.tx(async (q) => {
          await insertRows(q, 'vehicles', list.map((x) => fromVehicle(x.vehicle)));
          await putDevices(q, list.flatMap((x) => x.devices));
        });
      },
      update: (v, basedOn) => {
        const row = fromVehicle(v);
        return updateVersioned(a, 'vehicles', row, vehicleColumns(row), basedOn);
      },
      delete: async (id) => {
        // The series numbers stay (a few bytes): other nodes may still hold them in their caches.
        await a.tx(async (q) => {
          await q.run('DELETE FROM history WHERE series IN (SELECT id FROM history_series WHERE vehicle_id = ?)', id);
          await q.run('DELETE FROM vehicles WHERE id = ?', id);
        });
      },
      replaceDevices: (v, devices, basedOn) => {
        const row = fromVehicle(v);
        return a.tx(async (q) => {
          const version = await updateVersioned(q, 'vehicles', row, vehicleColumns(row), basedOn);
          await q.run('DELETE FROM devices WHERE vehicle_id = ?', v.id);
          await putDevices(q, devices);
          return version;
        });
      },
      setDeviceVersions: async (list) => {
        if (list.length === 0) return;
        await a.run(
          `UPDATE devices d SET version = v.version
           FROM unnest(?::text[], ?::text[], ?::integer[], ?::text[]) AS v(vehicle_id, device_type, device_id, version)
           WHERE d.vehicle_id = v.vehicle_id AND d.device_type = v.device_type AND d.device_id = v.device_id
             AND d.version IS DISTINCT FROM v.version`,
          list.map((d) => d.vehicleId),
          list.map((d) => d.deviceType),
          list.map((d) => d.deviceId),
          list.map((d) => d.version),
        );
      },
    },
    shares: {
      byAccount: async (account) => {
        const r = await a.one('SELECT * FROM shares WHERE account = ?', account);
        return r ? toShare(r) : null;
      },
      list: async (f, page) => {
        const scope = pgVehicleScope(f.scope);
        const parts = [scope.sql];
        const params = [...scope.params];
        if (f.vehicleId) (parts.push('s.vehicle_id = ?'), params.push(f.vehicleId));
        if (f.ownerId) (parts.push('s.owner_id = ?'), params.push(f.ownerId));
        if (f.openAt !== undefined) (parts.push('s.active = 1 AND (s.expires_at IS NULL OR s.expires_at > ?)'), params.push(f.openAt));
        const from = `FROM shares s JOIN vehicles v ON v.id = s.vehicle_id WHERE ${parts.join(' AND ')}`;
        const total = Number((await a.one(`SELECT count(*) AS n ${from}`, ...params))?.n ?? 0);
        const rows = await a.many(`SELECT s.*, v.name AS vehicle_name ${from} ORDER BY s.created_at DESC, s.id${pageClause(page)}`, ...params);
        return { rows: rows.map((r) => ({ ...toShare(r), vehicleName: String(r.vehicle_name) })), total };
      },
      create: async (share) => {
        await insertRows(a, 'shares', [fromShare(share)]);
      },
      update: async (share) => {
        const row = fromShare(share);
        await updateRow(a, 'shares', row, Object.keys(row).filter((c) => c !== 'id'));
      },
      delete: async (id) => {
        await a.run('DELETE FROM shares WHERE id = ?', id);
      },
    },
    scopeOf: accountScope(database),
    seedOnce: async (data) =>
      a.tx(async (q) => {
        // Nodes starting together on an empty database queue here; the first seeds, the others see it done.
        await q.run(`SELECT pg_advisory_xact_lock(${advisoryLockKey('seed')})`);
        if (await q.one('SELECT 1 AS x FROM seed_state WHERE id = 1')) return false;
        const now = new Date().toISOString();
        await insertRows(q, 'roles', data.roles.map((r) => fromRole(r, now)));
        await insertRows(q, 'users', data.accounts.map(fromUser));
        await insertRows(q, 'fleets', data.fleets.map(fromFleet));
        await insertRows(q, 'sub_fleets', data.subFleets.map(fromSubFleet));
        await insertRows(q, 'depots', data.depots.map(fromDepot));
        await insertRows(q, 'vehicles', data.vehicles.map(fromVehicle));
        await putDevices(q, data.devices);
        await q.run('INSERT INTO seed_state (id, seeded_at) VALUES (1, ?)', now);
        return true;
      }),
    names: groupNames(database),
    close: () => pool.end(),
  };
};
