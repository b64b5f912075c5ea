import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { FleetModule } from '../../platform/modules/fleet-module';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface ModelStateTable {
  id: string;
  saved_at: number;
  state: Uint8Array;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    model_state: ModelStateTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    modelState: ModelStateStore;
  }
}

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

/** The fleet model's saved state: a store, no routes. */
export const modelStateModule: FleetModule = { name: 'model-state', stores: (database) => ({ modelState: modelStateStore(database) }) };
