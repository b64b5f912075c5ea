import type { Generated, Selectable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface DisplayTokensTable {
  id: Generated<number>;
  name: string;
  fleet_id: string | null;
  token_hash: string;
  created_at: number;
  created_by: string | null;
  last_seen_at: number | null;
  last_seen_address: string | null;
  revoked_at: number | null;
  playlist_id: number | null;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    display_tokens: DisplayTokensTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    displays: DisplayTokenStore;
  }
}

/** A wall display's credential: read-only, over every fleet or one (`fleetId`), until revoked. */
export interface DisplayTokenRecord {
  id: string;
  name: string;
  fleetId: string | null;
  tokenHash: string;
  createdAt: number;
  /** The name of the account that issued it, copied so the record survives the account. */
  createdBy: string | null;
  lastSeenAt: number | null;
  lastSeenAddress: string | null;
  revokedAt: number | null;
  /** The playlist the wall plays, assigned by an administrator; null: its board (or what its link says). */
  playlistId: string | null;
}

/** Wall display tokens; a revoked one stays listed. */
export interface DisplayTokenStore {
  /** Newest first. */
  list(): Promise<DisplayTokenRecord[]>;
  get(id: string): Promise<DisplayTokenRecord | null>;
  byTokenHash(tokenHash: string): Promise<DisplayTokenRecord | null>;
  create(display: Omit<DisplayTokenRecord, 'id' | 'lastSeenAt' | 'lastSeenAddress' | 'revokedAt' | 'playlistId'>): Promise<DisplayTokenRecord>;
  /** False when there is no such display or it was revoked before. */
  revoke(id: string, at: number): Promise<boolean>;
  /** Assigns a playlist (null: none); false when there is no such display or it is revoked. */
  assignPlaylist(id: string, playlistId: string | null): Promise<boolean>;
  seen(id: string, at: number, address: string): Promise<void>;
}

const optNum = (v: number | null): number | null => (v === null ? null : Number(v));

const toDisplayToken = (r: Selectable<DisplayTokensTable>): DisplayTokenRecord => ({
  id: String(r.id),
  name: r.name,
  fleetId: r.fleet_id,
  tokenHash: r.token_hash,
  createdAt: Number(r.created_at),
  createdBy: r.created_by,
  lastSeenAt: optNum(r.last_seen_at),
  lastSeenAddress: r.last_seen_address,
  revokedAt: optNum(r.revoked_at),
  playlistId: r.playlist_id === null ? null : String(r.playlist_id),
});

export const displayTokenStore = ({ db }: FleetDatabase): DisplayTokenStore => ({
  list: async () => (await db.selectFrom('display_tokens').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute()).map(toDisplayToken),
  get: async (id) => {
    const r = await db.selectFrom('display_tokens').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    return r ? toDisplayToken(r) : null;
  },
  byTokenHash: async (tokenHash) => {
    const r = await db.selectFrom('display_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
    return r ? toDisplayToken(r) : null;
  },
  create: async (d) =>
    toDisplayToken(
      await db
        .insertInto('display_tokens')
        .values({ name: d.name, fleet_id: d.fleetId, token_hash: d.tokenHash, created_at: d.createdAt, created_by: d.createdBy })
        .returningAll()
        .executeTakeFirstOrThrow(),
    ),
  revoke: async (id, at) =>
    (await db.updateTable('display_tokens').set({ revoked_at: at }).where('id', '=', Number(id)).where('revoked_at', 'is', null).returning('id').executeTakeFirst()) !==
    undefined,
  assignPlaylist: async (id, playlistId) =>
    (await db
      .updateTable('display_tokens')
      .set({ playlist_id: playlistId === null ? null : Number(playlistId) })
      .where('id', '=', Number(id))
      .where('revoked_at', 'is', null)
      .returning('id')
      .executeTakeFirst()) !== undefined,
  seen: async (id, at, address) => {
    await db.updateTable('display_tokens').set({ last_seen_at: at, last_seen_address: address }).where('id', '=', Number(id)).execute();
  },
});
