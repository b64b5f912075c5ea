import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { UsersTable } from '../../platform/database/fleet-tables';
import { updateVersioned } from '../../platform/database/versioned-update';
import type { EntityStatus, PageQuery, Paged } from '../../platform/database/records';
import { sameEmail } from './same-email';
import { pageWindow } from '../../platform/database/page-window';

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    users: UserStore;
  }
}

export interface UserRecord {
  id: string;
  email: string;
  userName: string;
  passwordHash: string;
  status: EntityStatus;
  roleId: string | null;
  phone: string;
  speedUnit: 'km/h' | 'mph';
  mileageUnit: 'km' | 'miles';
  createdAt: string;
  lastSignInAt: string | null;
  version?: number;
}

export interface UserFilter {
  email?: string;
  /** Email or user name contains. */
  search?: string;
  status?: 'active' | 'disabled';
  roleId?: string;
}

export interface UserStore {
  get(id: string): Promise<UserRecord | null>;
  byEmail(email: string): Promise<UserRecord | null>;
  /** `page` null: every matching account. */
  list(filter: UserFilter, page: PageQuery | null): Promise<Paged<UserRecord>>;
  create(user: UserRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(user: UserRecord, basedOn?: number): Promise<number | null>;
  delete(id: string): Promise<void>;
  /** Notes a successful sign-in without touching the rest of the account. */
  recordSignIn(id: string, at: string): Promise<void>;
  /** Assigns one role to several accounts at once. */
  assignRole(userIds: string[], roleId: string | null): Promise<void>;
}

export const toUser = (r: Selectable<UsersTable>): UserRecord => ({
  id: String(r.id),
  email: r.email,
  userName: r.user_name,
  passwordHash: r.password_hash,
  status: r.status === 'disabled' ? 'disabled' : 'active',
  roleId: r.role_id === null ? null : String(r.role_id),
  phone: r.phone,
  speedUnit: r.speed_unit === 'mph' ? 'mph' : 'km/h',
  mileageUnit: r.mileage_unit === 'miles' ? 'miles' : 'km',
  createdAt: r.created_at,
  lastSignInAt: r.last_sign_in_at ?? null,
  version: Number(r.version),
});

/** What a save may change: everything but the id and the creation time. */
const userValues = (u: UserRecord) => ({
  email: u.email,
  user_name: u.userName,
  password_hash: u.passwordHash,
  status: u.status,
  role_id: u.roleId,
  phone: u.phone,
  speed_unit: u.speedUnit,
  mileage_unit: u.mileageUnit,
  last_sign_in_at: u.lastSignInAt,
});

export const fromUser = (u: UserRecord): Insertable<UsersTable> => ({ id: u.id, ...userValues(u), created_at: u.createdAt });

export const userStore = ({ db, dialect }: FleetDatabase): UserStore => ({
  get: async (id) => {
    const r = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toUser(r) : null;
  },
  byEmail: async (email) => {
    const r = await db
      .selectFrom('users')
      .selectAll()
      .where(sameEmail(dialect, sql.ref('email'), email))
      .executeTakeFirst();
    return r ? toUser(r) : null;
  },
  list: async (filter, page) => {
    const matching = db
      .selectFrom('users')
      .$if(!!filter.email, (q) => q.where(dialect.contains(sql.ref('email'), filter.email!)))
      .$if(!!filter.search, (q) => q.where((eb) => eb.or([dialect.contains(sql.ref('email'), filter.search!), dialect.contains(sql.ref('user_name'), filter.search!)])))
      .$if(!!filter.status, (q) => q.where('status', '=', filter.status!))
      .$if(!!filter.roleId, (q) => q.where('role_id', '=', filter.roleId!));
    const counted = await matching.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const rows = await matching.selectAll().orderBy('created_at').orderBy('email').$call(pageWindow(page)).execute();
    return { rows: rows.map(toUser), total: Number(counted?.n ?? 0) };
  },
  create: async (user) => {
    await db.insertInto('users').values(fromUser(user)).execute();
  },
  update: (user, basedOn) => updateVersioned(db, 'users', user.id, userValues(user), basedOn),
  delete: async (id) => {
    await db.deleteFrom('users').where('id', '=', id).execute();
  },
  recordSignIn: async (id, at) => {
    await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', id).execute();
  },
  assignRole: async (userIds, roleId) => {
    await db
      .updateTable('users')
      .set({ role_id: roleId, version: sql<number>`version + 1` })
      .where((eb) => dialect.anyOf(eb.ref('id'), userIds))
      .execute();
  },
});
