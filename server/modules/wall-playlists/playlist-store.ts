import type { Generated, Selectable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface WallPlaylistsTable {
  id: Generated<number>;
  name: string;
  views: string;
  updated_at: number;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    wall_playlists: WallPlaylistsTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    playlists: PlaylistStore;
  }
}

/** A wall playlist; `views` as the API shows them (WallViewSchema). */
export interface PlaylistRecord {
  id: string;
  name: string;
  views: Array<{ kind: 'home' | 'alarms' | 'fleet' | 'vehicle'; fleetId?: string; vehicleId?: string; dwellS: number }>;
  updatedAt: number;
}

/** Wall playlists, read and written whole. */
export interface PlaylistStore {
  /** By name. */
  list(): Promise<PlaylistRecord[]>;
  get(id: string): Promise<PlaylistRecord | null>;
  create(playlist: Omit<PlaylistRecord, 'id'>): Promise<PlaylistRecord>;
  /** False when there is no such playlist. */
  update(playlist: PlaylistRecord): Promise<boolean>;
  delete(id: string): Promise<boolean>;
}

const toPlaylist = (r: Selectable<WallPlaylistsTable>): PlaylistRecord => ({
  id: String(r.id),
  name: r.name,
  views: JSON.parse(r.views) as PlaylistRecord['views'],
  updatedAt: Number(r.updated_at),
});

const fromPlaylist = (p: Omit<PlaylistRecord, 'id'>) => ({ name: p.name, views: JSON.stringify(p.views), updated_at: p.updatedAt });

export const playlistStore = ({ db }: FleetDatabase): PlaylistStore => ({
  list: async () => (await db.selectFrom('wall_playlists').selectAll().orderBy('name').orderBy('id').execute()).map(toPlaylist),
  get: async (id) => {
    const r = await db.selectFrom('wall_playlists').selectAll().where('id', '=', Number(id)).executeTakeFirst();
    return r ? toPlaylist(r) : null;
  },
  create: async (p) => {
    const r = await db.insertInto('wall_playlists').values(fromPlaylist(p)).returning('id').executeTakeFirstOrThrow();
    return { ...p, id: String(r.id) };
  },
  update: async (p) => Number((await db.updateTable('wall_playlists').set(fromPlaylist(p)).where('id', '=', Number(p.id)).executeTakeFirst()).numUpdatedRows) > 0,
  delete: async (id) => Number((await db.deleteFrom('wall_playlists').where('id', '=', Number(id)).executeTakeFirst()).numDeletedRows) > 0,
});
