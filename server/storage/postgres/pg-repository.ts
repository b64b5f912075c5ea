import type pg from 'pg';
import type { FleetRepository } from '../fleet-repository';
import type { VisibleScope } from '../records';
import { toSession } from '../row-mappers';
import { pgAccess } from './pg-access';
import { pgCodeStore, pgRoleStore, pgUserStore } from './pg-account-stores';
import { pgAlarmStore } from './pg-alarm-store';
import { pgAuditStore } from './pg-audit-store';
import { pgFollowUpPort } from './pg-follow-up-port';
import { followUpFeedbackStore, followUpIssueStore } from '../follow-up-store';
import { accountSettingsStore } from '../account-settings-store';
import { pgGroupLogStore } from './pg-group-log-store';
import { pgDepotStore, pgFleetStore, pgSubFleetStore } from './pg-group-stores';
import { pgHistoryStore } from './pg-history-store';
import { portablePrealarmStore, portableReportStore } from '../report-stores';
import { playlistStore } from '../../modules/wall-playlists/playlist-store';
import { vehicleStore } from '../../modules/vehicles/vehicle-store';
import { shareStore } from '../../modules/shares/share-store';
import { seedOnce } from '../../platform/database/seed-once';
import { postgresFleetDatabase } from '../../platform/database/fleet-database';
import { pgRollupStore } from './pg-rollup-store';
import { portableDisplayTokenStore } from '../display-token-store';
import { portableModelStateStore } from '../model-state-store';

const NAME_TABLES = { fleet: 'fleets', subFleet: 'sub_fleets', depot: 'depots' } as const;

/** The PostgreSQL backend of the fleet repository, over a migrated schema (see migratePostgres). */
export const createPostgresRepository = (pool: pg.Pool): FleetRepository => {
  const a = pgAccess(pool);
  const database = postgresFleetDatabase(pool);

  const ids = async (sql: string, ...params: unknown[]) => (await a.many(sql, ...params)).map((r) => String(r.id));

  return {
    reports: portableReportStore(a, 'ILIKE'),
    prealarms: portablePrealarmStore(a),
    roles: pgRoleStore(a),
    users: pgUserStore(a),
    codes: pgCodeStore(a),
    alarms: pgAlarmStore(a),
    playlists: playlistStore(database),
    displays: portableDisplayTokenStore(a),
    modelState: portableModelStateStore(a),
    history: pgHistoryStore(a),
    rollups: pgRollupStore(a),
    groupLogs: pgGroupLogStore(a),
    audit: pgAuditStore(a),
    issues: followUpIssueStore(pgFollowUpPort(a)),
    feedback: followUpFeedbackStore(pgFollowUpPort(a)),
    accountSettings: accountSettingsStore(pgFollowUpPort(a)),
    sessions: {
      create: async (s) => {
        await a.run(
          `INSERT INTO sessions (token_hash, ws_key, user_id, share_account, display_id, created_at, expires_at, revoked) VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
          s.tokenHash, s.wsKey, s.userId, s.shareAccount, s.displayId, s.createdAt, s.expiresAt,
        );
      },
      byTokenHash: async (h) => {
        const r = await a.one('SELECT * FROM sessions WHERE token_hash = ?', h);
        return r ? toSession(r) : null;
      },
      byWsKey: async (k) => {
        const r = await a.one('SELECT * FROM sessions WHERE ws_key = ?', k);
        return r ? toSession(r) : null;
      },
      revokeUser: async (userId, keepTokenHash) => {
        await a.run('UPDATE sessions SET revoked = 1 WHERE user_id = ? AND token_hash IS DISTINCT FROM ?', userId, keepTokenHash ?? null);
      },
      revokeShare: async (account) => {
        await a.run('UPDATE sessions SET revoked = 1 WHERE share_account = ?', account);
      },
      revokeDisplay: async (displayId) => {
        await a.run('UPDATE sessions SET revoked = 1 WHERE display_id = ?', displayId);
      },
      dropOtherDisplaySessions: async (displayId, keepTokenHash) => {
        await a.run('DELETE FROM sessions WHERE display_id = ? AND token_hash <> ?', displayId, keepTokenHash);
      },
      revoke: async (h) => {
        await a.run('UPDATE sessions SET revoked = 1 WHERE token_hash = ?', h);
      },
      prune: async (nowMs) => {
        await a.run('DELETE FROM sessions WHERE expires_at < ?', nowMs);
      },
    },
    fleets: pgFleetStore(a),
    subFleets: pgSubFleetStore(a),
    depots: pgDepotStore(a),
    vehicles: vehicleStore(database),
    shares: shareStore(database),
    scopeOf: async (userId): Promise<Extract<VisibleScope, { all: false }>> => ({
      all: false,
      fleetIds: await ids(
        `SELECT id FROM fleets WHERE manager_id = ? OR service_engineer_id = ? UNION SELECT fleet_id FROM fleet_members WHERE user_id = ?`,
        userId, userId, userId,
      ),
      subFleetIds: await ids('SELECT id FROM sub_fleets WHERE manager_id = ? UNION SELECT sub_fleet_id FROM sub_fleet_members WHERE user_id = ?', userId, userId),
      depotIds: await ids('SELECT id FROM depots WHERE manager_id = ?', userId),
    }),
    seedOnce: (data) => seedOnce(database, data),
    names: async (kind, list) => {
      const rows = await a.many(`SELECT id, name FROM ${NAME_TABLES[kind]} WHERE id = ANY(?::text[])`, list);
      return new Map(rows.map((r) => [String(r.id), String(r.name)]));
    },
    close: () => pool.end(),
  };
};
