import type { FleetDatabase } from '../../platform/database/fleet-database';

/** The fleet model's saved state (see server/fleet/model-state.ts for its format). */
export interface ModelStateStore {
  load(): Promise<{ savedAt: number; state: Buffer } | null>;
  /** Replaces the saved state. */
  save(state: Buffer, savedAt: number): Promise<void>;
}

/** The one saved state of the fleet model: the row 'fleet'. */
export const modelStateStore = ({ db }: FleetDatabase): ModelStateStore => ({
  load: async () => {
    const r = await db.selectFrom('model_state').select(['saved_at', 'state']).where('id', '=', 'fleet').executeTakeFirst();
    return r ? { savedAt: Number(r.saved_at), state: Buffer.from(r.state) } : null;
  },
  save: async (state, savedAt) => {
    await db
      .insertInto('model_state')
      .values({ id: 'fleet', saved_at: savedAt, state })
      .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ saved_at: eb.ref('excluded.saved_at'), state: eb.ref('excluded.state') })))
      .execute();
  },
});
