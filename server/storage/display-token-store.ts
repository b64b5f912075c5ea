import type { DisplayTokenStore } from './fleet-repository';
import type { PortableQueries } from './report-stores';
import { toDisplayToken } from './row-mappers';

/** Display tokens in SQL both backends run as written. */
export const portableDisplayTokenStore = (q: PortableQueries): DisplayTokenStore => ({
  list: async () => (await q.many('SELECT * FROM display_tokens ORDER BY created_at DESC, id DESC')).map(toDisplayToken),
  get: async (id) => {
    const r = await q.one('SELECT * FROM display_tokens WHERE id = ?', Number(id));
    return r ? toDisplayToken(r) : null;
  },
  byTokenHash: async (tokenHash) => {
    const r = await q.one('SELECT * FROM display_tokens WHERE token_hash = ?', tokenHash);
    return r ? toDisplayToken(r) : null;
  },
  create: async (d) => {
    const r = await q.one(
      'INSERT INTO display_tokens (name, fleet_id, token_hash, created_at, created_by) VALUES (?, ?, ?, ?, ?) RETURNING *',
      d.name,
      d.fleetId,
      d.tokenHash,
      d.createdAt,
      d.createdBy,
    );
    return toDisplayToken(r!);
  },
  revoke: async (id, at) =>
    (await q.one('UPDATE display_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL RETURNING id', at, Number(id))) !== undefined,
  assignPlaylist: async (id, playlistId) =>
    (await q.one(
      'UPDATE display_tokens SET playlist_id = ? WHERE id = ? AND revoked_at IS NULL RETURNING id',
      playlistId === null ? null : Number(playlistId),
      Number(id),
    )) !== undefined,
  seen: async (id, at, address) => {
    await q.run('UPDATE display_tokens SET last_seen_at = ?, last_seen_address = ? WHERE id = ?', at, address, Number(id));
  },
});
