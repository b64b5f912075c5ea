// Each account's theme and avatar, and the fleets and sub-fleets it is given to manage.
import type { Generated } from 'kysely';
import type { Theme } from '../../../contract/protocol/account-settings-rules';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { FleetModule } from '../../platform/modules/fleet-module';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface UserAppearanceTable {
  user_id: string;
  theme: Generated<string>;
  avatar_type: string | null;
  avatar: Uint8Array | null;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    user_appearance: UserAppearanceTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    accountSettings: AccountSettingsStore;
  }
}

export interface Appearance {
  theme: Theme;
  avatar: { type: string; data: Buffer } | null;
}

export interface AccountScope {
  fleetIds: string[];
  subFleetIds: string[];
}

export interface AccountSettingsStore {
  appearance(userId: string): Promise<Appearance>;
  setTheme(userId: string, theme: Theme): Promise<void>;
  /** null removes the avatar. */
  setAvatar(userId: string, avatar: Appearance['avatar']): Promise<void>;
  /** The fleets (fleet_members) and sub-fleets (sub_fleet_members) the account is given, sorted. */
  scope(userId: string): Promise<AccountScope>;
  /** Replaces both lists at once. */
  setScope(userId: string, scope: AccountScope): Promise<void>;
}

const DEFAULT_THEME: Theme = 'light';

// Rows per insert: two parameters each, far below what either database binds in one statement.
const MEMBERS_PER_INSERT = 5000;

const chunks = <T>(rows: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += MEMBERS_PER_INSERT) out.push(rows.slice(i, i + MEMBERS_PER_INSERT));
  return out;
};

export const accountSettingsStore = ({ db }: FleetDatabase): AccountSettingsStore => ({
  appearance: async (userId) => {
    const r = await db.selectFrom('user_appearance').select(['theme', 'avatar_type', 'avatar']).where('user_id', '=', userId).executeTakeFirst();
    const theme = r?.theme === 'dark' ? 'dark' : DEFAULT_THEME;
    const avatar = r && r.avatar_type !== null && r.avatar !== null ? { type: r.avatar_type, data: Buffer.from(r.avatar) } : null;
    return { theme, avatar };
  },
  setTheme: async (userId, theme) => {
    await db
      .insertInto('user_appearance')
      .values({ user_id: userId, theme })
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ theme: eb.ref('excluded.theme') })))
      .execute();
  },
  setAvatar: async (userId, avatar) => {
    await db
      .insertInto('user_appearance')
      .values({ user_id: userId, avatar_type: avatar?.type ?? null, avatar: avatar?.data ?? null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ avatar_type: eb.ref('excluded.avatar_type'), avatar: eb.ref('excluded.avatar') })))
      .execute();
  },
  scope: async (userId) => ({
    fleetIds: (await db.selectFrom('fleet_members').select('fleet_id').where('user_id', '=', userId).orderBy('fleet_id').execute()).map((r) => r.fleet_id),
    subFleetIds: (await db.selectFrom('sub_fleet_members').select('sub_fleet_id').where('user_id', '=', userId).orderBy('sub_fleet_id').execute()).map(
      (r) => r.sub_fleet_id,
    ),
  }),
  setScope: async (userId, scope) => {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('fleet_members').where('user_id', '=', userId).execute();
      await trx.deleteFrom('sub_fleet_members').where('user_id', '=', userId).execute();
      for (const ids of chunks(scope.fleetIds)) {
        await trx
          .insertInto('fleet_members')
          .values(ids.map((id) => ({ fleet_id: id, user_id: userId })))
          .execute();
      }
      for (const ids of chunks(scope.subFleetIds)) {
        await trx
          .insertInto('sub_fleet_members')
          .values(ids.map((id) => ({ sub_fleet_id: id, user_id: userId })))
          .execute();
      }
    });
  },
});

/** Account settings (appearance, scope lists): a store the account routes use, no routes of its own. */
export const accountSettingsModule: FleetModule = { name: 'account-settings', stores: (database) => ({ accountSettings: accountSettingsStore(database) }) };
