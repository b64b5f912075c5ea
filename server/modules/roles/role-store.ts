import { type Insertable, type Selectable, sql } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { RolesTable } from '../../platform/database/fleet-tables';
import { updateVersioned } from '../../platform/database/versioned-update';
import type { PageQuery, Paged } from '../../platform/database/records';
import { pageWindow } from '../../platform/database/page-window';

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    roles: RoleStore;
  }
}

export interface RoleRecord {
  id: string;
  name: string;
  roleKey: string;
  menu: string[];
  permissions: string[];
  fleetManager: boolean;
  subFleetManager: boolean;
  builtin: boolean;
  /** Raised by every write of the row (1 once stored); a record not stored yet has none. */
  version?: number;
}

export interface RoleStore {
  list(filter: { name?: string }, page: PageQuery | null): Promise<Paged<RoleRecord & { users: number }>>;
  get(id: string): Promise<RoleRecord | null>;
  byKey(roleKey: string): Promise<RoleRecord | null>;
  create(role: RoleRecord): Promise<void>;
  /** Raises the row's version; with `basedOn`, only from that version (else StaleRecord). Answers the new version, null: no such row. */
  update(role: RoleRecord, basedOn?: number): Promise<number | null>;
  /** Deletes the role; its accounts fall back to the default role. Returns those account ids. */
  delete(id: string): Promise<string[]>;
  userIds(roleId: string): Promise<string[]>;
}

export const toRole = (r: Selectable<RolesTable>): RoleRecord => ({
  id: String(r.id),
  name: r.name,
  roleKey: r.role_key,
  menu: JSON.parse(r.menu) as string[],
  permissions: JSON.parse(r.permissions) as string[],
  fleetManager: Number(r.fleet_manager) === 1,
  subFleetManager: Number(r.sub_fleet_manager) === 1,
  builtin: Number(r.builtin) === 1,
  version: Number(r.version),
});

/** What a save may change: not the id, the creation time or whether the role is built in. */
const roleValues = (r: RoleRecord) => ({
  name: r.name,
  role_key: r.roleKey,
  menu: JSON.stringify(r.menu),
  permissions: JSON.stringify(r.permissions),
  fleet_manager: r.fleetManager ? 1 : 0,
  sub_fleet_manager: r.subFleetManager ? 1 : 0,
});

export const fromRole = (r: RoleRecord, createdAt: string): Insertable<RolesTable> => ({
  id: r.id,
  ...roleValues(r),
  builtin: r.builtin ? 1 : 0,
  created_at: createdAt,
});

const holders = async (db: FleetDatabase['db'], roleId: string) =>
  (await db.selectFrom('users').select('id').where('role_id', '=', roleId).execute()).map((r) => String(r.id));

export const roleStore = ({ db, dialect }: FleetDatabase): RoleStore => ({
  list: async (filter, page) => {
    const matching = db.selectFrom('roles as r').$if(!!filter.name, (q) => q.where(dialect.contains(sql.ref('r.name'), filter.name!)));
    const counted = await matching.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const rows = await matching
      .selectAll('r')
      .select((eb) =>
        eb
          .selectFrom('users as u')
          .select(sql<number>`count(*)`.as('c'))
          .whereRef('u.role_id', '=', 'r.id')
          .as('users'),
      )
      .orderBy('r.builtin', 'desc')
      .orderBy('r.created_at')
      .orderBy('r.id')
      .$call(pageWindow(page))
      .execute();
    return { rows: rows.map((r) => ({ ...toRole(r), users: Number(r.users) })), total: Number(counted?.n ?? 0) };
  },
  get: async (id) => {
    const r = await db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRole(r) : null;
  },
  byKey: async (key) => {
    const r = await db.selectFrom('roles').selectAll().where('role_key', '=', key).executeTakeFirst();
    return r ? toRole(r) : null;
  },
  create: async (role) => {
    await db.insertInto('roles').values(fromRole(role, new Date().toISOString())).execute();
  },
  update: (role, basedOn) => updateVersioned(db, 'roles', role.id, roleValues(role), basedOn),
  delete: async (id) =>
    db.transaction().execute(async (trx) => {
      const ids = await holders(trx, id);
      await trx
        .updateTable('users')
        .set({ role_id: null, version: sql<number>`version + 1` })
        .where('role_id', '=', id)
        .execute();
      await trx.deleteFrom('roles').where('id', '=', id).execute();
      return ids;
    }),
  userIds: (roleId) => holders(db, roleId),
});
