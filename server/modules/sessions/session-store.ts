import type { Generated, Selectable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface SessionsTable {
  token_hash: string;
  ws_key: string;
  user_id: string | null;
  share_account: string | null;
  created_at: number;
  expires_at: number;
  revoked: Generated<number>;
  display_id: string | null;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    sessions: SessionsTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    sessions: SessionStore;
  }
}

export interface SessionRecord {
  tokenHash: string;
  wsKey: string;
  userId: string | null;
  shareAccount: string | null;
  /** The wall display this session signed in as. */
  displayId: string | null;
  createdAt: number;
  expiresAt: number;
  revoked: boolean;
}

export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  byTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  byWsKey(wsKey: string): Promise<SessionRecord | null>;
  /** Revokes every session of the user, except the one with `keepTokenHash`. */
  revokeUser(userId: string, keepTokenHash?: string): Promise<void>;
  revoke(tokenHash: string): Promise<void>;
  revokeShare(account: string): Promise<void>;
  revokeDisplay(displayId: string): Promise<void>;
  /** Deletes every session of the display but `keepTokenHash`: a wall has one live session. */
  dropOtherDisplaySessions(displayId: string, keepTokenHash: string): Promise<void>;
  /** Drops sessions expired before `nowMs`. */
  prune(nowMs: number): Promise<void>;
}

export const toSession = (r: Selectable<SessionsTable>): SessionRecord => ({
  tokenHash: r.token_hash,
  wsKey: r.ws_key,
  userId: r.user_id === null ? null : String(r.user_id),
  shareAccount: r.share_account ?? null,
  displayId: r.display_id ?? null,
  createdAt: Number(r.created_at),
  expiresAt: Number(r.expires_at),
  revoked: Number(r.revoked) === 1,
});

export const sessionStore = ({ db }: FleetDatabase): SessionStore => ({
  create: async (s) => {
    await db
      .insertInto('sessions')
      .values({
        token_hash: s.tokenHash,
        ws_key: s.wsKey,
        user_id: s.userId,
        share_account: s.shareAccount,
        display_id: s.displayId,
        created_at: s.createdAt,
        expires_at: s.expiresAt,
        revoked: 0,
      })
      .execute();
  },
  byTokenHash: async (h) => {
    const r = await db.selectFrom('sessions').selectAll().where('token_hash', '=', h).executeTakeFirst();
    return r ? toSession(r) : null;
  },
  byWsKey: async (k) => {
    const r = await db.selectFrom('sessions').selectAll().where('ws_key', '=', k).executeTakeFirst();
    return r ? toSession(r) : null;
  },
  revokeUser: async (userId, keepTokenHash) => {
    await db
      .updateTable('sessions')
      .set({ revoked: 1 })
      .where('user_id', '=', userId)
      .where('token_hash', 'is distinct from', keepTokenHash ?? null)
      .execute();
  },
  revokeShare: async (account) => {
    await db.updateTable('sessions').set({ revoked: 1 }).where('share_account', '=', account).execute();
  },
  revokeDisplay: async (displayId) => {
    await db.updateTable('sessions').set({ revoked: 1 }).where('display_id', '=', displayId).execute();
  },
  dropOtherDisplaySessions: async (displayId, keepTokenHash) => {
    await db.deleteFrom('sessions').where('display_id', '=', displayId).where('token_hash', '<>', keepTokenHash).execute();
  },
  revoke: async (h) => {
    await db.updateTable('sessions').set({ revoked: 1 }).where('token_hash', '=', h).execute();
  },
  prune: async (nowMs) => {
    await db.deleteFrom('sessions').where('expires_at', '<', nowMs).execute();
  },
});
