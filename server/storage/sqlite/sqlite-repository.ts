import type Database from 'better-sqlite3';
import type { FleetRepository } from '../fleet-repository';
import type { SessionRecord, VisibleScope } from '../records';
import { sqliteCodeStore, sqliteRoleStore, sqliteUserStore } from './account-stores';
import { toSession } from '../row-mappers';
import { sqliteAlarmStore } from './alarm-store';
import { sqliteAuditStore } from './audit-store';
import { sqliteGroupLogStore } from './group-log-store';
import { sqliteHistoryStore } from './history-store';
import { sqliteRollupStore } from './rollup-store';
import { sqliteDepotStore, sqliteFleetStore, sqliteSubFleetStore } from './group-stores';
import { portablePrealarmStore, portableReportStore, type PortableQueries } from '../report-stores';
import { sqliteAccess } from './sqlite-access';
import { sqliteFollowUpPort } from './follow-up-port';
import { followUpFeedbackStore, followUpIssueStore } from '../follow-up-store';
import { accountSettingsStore } from '../account-settings-store';
import { playlistStore } from '../../modules/wall-playlists/playlist-store';
import { vehicleStore } from '../../modules/vehicles/vehicle-store';
import { shareStore } from '../../modules/shares/share-store';
import { seedOnce } from '../../platform/database/seed-once';
import { exclusiveStore, sqliteFleetDatabase } from '../../platform/database/fleet-database';
import { portableDisplayTokenStore } from '../display-token-store';
import { portableModelStateStore } from '../model-state-store';

const NAME_TABLES = { fleet: 'fleets', subFleet: 'sub_fleets', depot: 'depots' } as const;

/** The SQLite backend of the fleet repository (better-sqlite3, synchronous under the hood). */
export const createSqliteRepository = (db: Database.Database): FleetRepository => {
  const access = sqliteAccess(db);
  const database = sqliteFleetDatabase(db);
  const { one, many } = access;

  const scopeOf = (userId: string): Extract<VisibleScope, { all: false }> => ({
    all: false,
    fleetIds: many(
      `SELECT id FROM fleets WHERE manager_id = ? OR service_engineer_id = ?
       UNION SELECT fleet_id FROM fleet_members WHERE user_id = ?`,
      userId,
      userId,
      userId,
    ).map((r) => String(r.id)),
    subFleetIds: many('SELECT id FROM sub_fleets WHERE manager_id = ? UNION SELECT sub_fleet_id FROM sub_fleet_members WHERE user_id = ?', userId, userId).map(
      (r) => String(r.id),
    ),
    depotIds: many('SELECT id FROM depots WHERE manager_id = ?', userId).map((r) => String(r.id)),
  });

  const portable: PortableQueries = {
    one: async (sql, ...params) => one(sql, ...params),
    many: async (sql, ...params) => many(sql, ...params),
    run: async (sql, ...params) => access.run(sql, ...params),
  };

  return {
    reports: portableReportStore(portable, 'LIKE'),
    prealarms: portablePrealarmStore(portable),
    roles: sqliteRoleStore(access),
    users: sqliteUserStore(access),
    codes: sqliteCodeStore(access),
    alarms: sqliteAlarmStore(access),
    playlists: playlistStore(database),
    displays: portableDisplayTokenStore(portable),
    modelState: portableModelStateStore(portable),
    // History keeps its own SQL per database for speed (packed rows, bulk insert paths).
    history: exclusiveStore(database, sqliteHistoryStore(access)),
    rollups: exclusiveStore(database, sqliteRollupStore(access)),
    groupLogs: sqliteGroupLogStore(access),
    audit: sqliteAuditStore(access),
    issues: followUpIssueStore(sqliteFollowUpPort(access)),
    feedback: followUpFeedbackStore(sqliteFollowUpPort(access)),
    accountSettings: accountSettingsStore(sqliteFollowUpPort(access)),
    sessions: {
      create: async (s: SessionRecord) => {
        db.prepare(
          `INSERT INTO sessions (token_hash, ws_key, user_id, share_account, display_id, created_at, expires_at, revoked)
           VALUES (?, ?, ?, ?, ?, ?, ?, 0)`,
        ).run(s.tokenHash, s.wsKey, s.userId, s.shareAccount, s.displayId, s.createdAt, s.expiresAt);
      },
      byTokenHash: async (h) => {
        const r = one('SELECT * FROM sessions WHERE token_hash = ?', h);
        return r ? toSession(r) : null;
      },
      byWsKey: async (k) => {
        const r = one('SELECT * FROM sessions WHERE ws_key = ?', k);
        return r ? toSession(r) : null;
      },
      revokeUser: async (userId, keepTokenHash) => {
        db.prepare('UPDATE sessions SET revoked = 1 WHERE user_id = ? AND token_hash IS NOT ?').run(userId, keepTokenHash ?? null);
      },
      revokeShare: async (account) => {
        db.prepare('UPDATE sessions SET revoked = 1 WHERE share_account = ?').run(account);
      },
      revokeDisplay: async (displayId) => {
        db.prepare('UPDATE sessions SET revoked = 1 WHERE display_id = ?').run(displayId);
      },
      dropOtherDisplaySessions: async (displayId, keepTokenHash) => {
        db.prepare('DELETE FROM sessions WHERE display_id = ? AND token_hash <> ?').run(displayId, keepTokenHash);
      },
      revoke: async (h) => {
        db.prepare('UPDATE sessions SET revoked = 1 WHERE token_hash = ?').run(h);
      },
      prune: async (nowMs) => {
        db.prepare('DELETE FROM sessions WHERE expires_at < ?').run(nowMs);
      },
    },
    fleets: sqliteFleetStore(access),
    subFleets: sqliteSubFleetStore(access),
    depots: sqliteDepotStore(access),
    vehicles: vehicleStore(database),
    shares: shareStore(database),
    scopeOf: async (userId) => scopeOf(userId),
    seedOnce: (data) => seedOnce(database, data),
    names: async (kind, ids) => {
      const rows = many(
        `SELECT id, name FROM ${NAME_TABLES[kind]} WHERE id IN (SELECT value FROM json_each(?))`,
        JSON.stringify(ids),
      );
      return new Map(rows.map((r) => [String(r.id), String(r.name)]));
    },
    close: async () => {
      db.close();
    },
  };
};
