import type { PlaylistStore } from '../fleet-repository';
import { toPlaylist } from '../row-mappers';
import type { PgAccess } from './pg-access';

export const pgPlaylistStore = (a: PgAccess): PlaylistStore => ({
  list: async () => (await a.many('SELECT * FROM wall_playlists ORDER BY name, id')).map(toPlaylist),
  get: async (id) => {
    const r = await a.one('SELECT * FROM wall_playlists WHERE id = ?', Number(id));
    return r ? toPlaylist(r) : null;
  },
  create: async (p) => {
    const r = await a.one('INSERT INTO wall_playlists (name, views, updated_at) VALUES (?, ?, ?) RETURNING id', p.name, JSON.stringify(p.views), p.updatedAt);
    return { ...p, id: String(r!.id) };
  },
  update: async (p) => (await a.run('UPDATE wall_playlists SET name = ?, views = ?, updated_at = ? WHERE id = ?', p.name, JSON.stringify(p.views), p.updatedAt, Number(p.id))) > 0,
  delete: async (id) => (await a.run('DELETE FROM wall_playlists WHERE id = ?', Number(id))) > 0,
});
