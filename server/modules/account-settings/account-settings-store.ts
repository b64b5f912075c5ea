// Each account's theme and avatar, and the fleets and sub-fleets it is given to manage, written once
// in SQL both backends speak (through the same port as the issue and feedback stores).
import type { Theme } from '../../../contract/protocol/account-settings-rules';
import type { FollowUpPort } from '../../storage/follow-up-store';

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

export const accountSettingsStore = (port: FollowUpPort): AccountSettingsStore => {
  return {
    appearance: async (userId) => {
      const r = await port.one('SELECT theme, avatar_type, avatar FROM user_appearance WHERE user_id = ?', userId);
      const theme = r?.theme === 'dark' ? 'dark' : DEFAULT_THEME;
      const avatar = r && r.avatar_type !== null && r.avatar !== null ? { type: String(r.avatar_type), data: Buffer.from(r.avatar as Uint8Array) } : null;
      return { theme, avatar };
    },
    setTheme: async (userId, theme) => {
      await port.apply([
        { sql: 'INSERT INTO user_appearance (user_id, theme) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET theme = excluded.theme', params: [userId, theme] },
      ]);
    },
    setAvatar: async (userId, avatar) => {
      await port.apply([
        {
          sql: `INSERT INTO user_appearance (user_id, avatar_type, avatar) VALUES (?, ?, ?)
                ON CONFLICT (user_id) DO UPDATE SET avatar_type = excluded.avatar_type, avatar = excluded.avatar`,
          params: [userId, avatar?.type ?? null, avatar?.data ?? null],
        },
      ]);
    },
    scope: async (userId) => ({
      fleetIds: (await port.many('SELECT fleet_id FROM fleet_members WHERE user_id = ? ORDER BY fleet_id', userId)).map((r) => String(r.fleet_id)),
      subFleetIds: (await port.many('SELECT sub_fleet_id FROM sub_fleet_members WHERE user_id = ? ORDER BY sub_fleet_id', userId)).map((r) => String(r.sub_fleet_id)),
    }),
    setScope: async (userId, scope) => {
      await port.apply([
        { sql: 'DELETE FROM fleet_members WHERE user_id = ?', params: [userId] },
        { sql: 'DELETE FROM sub_fleet_members WHERE user_id = ?', params: [userId] },
        ...scope.fleetIds.map((id) => ({ sql: 'INSERT INTO fleet_members (fleet_id, user_id) VALUES (?, ?)', params: [id, userId] })),
        ...scope.subFleetIds.map((id) => ({ sql: 'INSERT INTO sub_fleet_members (sub_fleet_id, user_id) VALUES (?, ?)', params: [id, userId] })),
      ]);
    },
  };
};
