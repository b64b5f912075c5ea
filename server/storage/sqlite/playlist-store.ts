import type { PlaylistStore } from '../fleet-repository';
import { toPlaylist } from '../row-mappers';
import type { SqliteAccess } from './sqlite-access';

export const sqlitePlaylistStore = ({ one, many, run }: SqliteAccess): PlaylistStore => ({
  list: async () => many('SELECT * FROM wall_playlists ORDER BY name, id').map(toPlaylist),
  get: async (id) => {
    const r = one('SELECT * FROM wall_playlists WHERE id = ?', Number(id));
    return r ? toPlaylist(r) : null;
  },
  create: async (p) => {
    const id = String(run('INSERT INTO wall_playlists (name, views, updated_at) VALUES (?, ?, ?)', p.name, JSON.stringify(p.views), p.updatedAt).lastInsertRowid);
    return { ...p, id };
  },
  update: async (p) => run('UPDATE wall_playlists SET name = ?, views = ?, updated_at = ? WHERE id = ?', p.name, JSON.stringify(p.views), p.updatedAt, Number(p.id)).changes > 0,
  delete: async (id) => run('DELETE FROM wall_playlists WHERE id = ?', Number(id)).changes > 0,
});
