import type { ModelStateStore } from './fleet-repository';
import type { PortableQueries } from './report-stores';

/** The one saved state of the fleet model, in SQL both backends run as written. */
export const portableModelStateStore = (q: PortableQueries): ModelStateStore => ({
  load: async () => {
    const r = await q.one("SELECT saved_at, state FROM model_state WHERE id = 'fleet'");
    return r ? { savedAt: Number(r.saved_at), state: Buffer.from(r.state as Uint8Array) } : null;
  },
  save: async (state, savedAt) => {
    await q.run(
      "INSERT INTO model_state (id, saved_at, state) VALUES ('fleet', ?, ?) ON CONFLICT (id) DO UPDATE SET saved_at = excluded.saved_at, state = excluded.state",
      savedAt,
      state,
    );
  },
});
