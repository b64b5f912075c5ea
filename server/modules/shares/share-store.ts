import { type Expression, type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { vehicleInScope } from '../vehicles/vehicle-scope';
import { pageWindow } from '../../platform/database/page-window';

/** Its table, as both databases hold it (server/platform/database/migrations.ts). */
export interface SharesTable {
  id: string;
  account: string;
  vehicle_id: string;
  owner_id: string | null;
  protection: number;
  password_hash: string | null;
  active: number;
  created_at: number;
  expires_at: number | null;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    shares: SharesTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    shares: ShareStore;
  }
}

export interface ShareRecord {
  id: string;
  account: string;
  vehicleId: string;
  ownerId: string | null;
  protection: number;
  passwordHash: string | null;
  active: boolean;
  createdAt: number;
  /** The link stops working at this time (epoch ms); null: only when closed. */
  expiresAt: number | null;
}

export interface ShareFilter {
  scope: VisibleScope;
  vehicleId?: string;
  ownerId?: string;
  /** Only shares that are open (on and not expired) at this time, epoch ms. */
  openAt?: number;
}

/** A share with the name of its vehicle, for lists. */
export interface ShareListing extends ShareRecord {
  vehicleName: string;
}

export interface ShareStore {
  byAccount(account: string): Promise<ShareRecord | null>;
  /** Shares of vehicles in the filter's scope, newest first. */
  list(filter: ShareFilter, page: PageQuery): Promise<Paged<ShareListing>>;
  create(share: ShareRecord): Promise<void>;
  /** Replaces the row with the same id (account, protection, password, active). */
  update(share: ShareRecord): Promise<void>;
  delete(id: string): Promise<void>;
}

const toShare = (r: Selectable<SharesTable>): ShareRecord => ({
  id: String(r.id),
  account: String(r.account),
  vehicleId: String(r.vehicle_id),
  ownerId: r.owner_id === null ? null : String(r.owner_id),
  protection: Number(r.protection),
  passwordHash: r.password_hash === null ? null : String(r.password_hash),
  active: Number(r.active) === 1,
  createdAt: Number(r.created_at),
  expiresAt: r.expires_at === null || r.expires_at === undefined ? null : Number(r.expires_at),
});

const fromShare = (s: ShareRecord): Insertable<SharesTable> => ({
  id: s.id,
  account: s.account,
  vehicle_id: s.vehicleId,
  owner_id: s.ownerId,
  protection: s.protection,
  password_hash: s.passwordHash,
  active: s.active ? 1 : 0,
  created_at: s.createdAt,
  expires_at: s.expiresAt,
});

export const shareStore = ({ db, dialect }: FleetDatabase): ShareStore => ({
  byAccount: async (account) => {
    const r = await db.selectFrom('shares').selectAll().where('account', '=', account).executeTakeFirst();
    return r ? toShare(r) : null;
  },

  list: async (f, page) => {
    const matching = db
      .selectFrom('shares as s')
      .innerJoin('vehicles as v', 'v.id', 's.vehicle_id')
      .where((eb) => {
        const parts: Array<Expression<SqlBool>> = [vehicleInScope(dialect, f.scope)];
        if (f.vehicleId) parts.push(eb('s.vehicle_id', '=', f.vehicleId));
        if (f.ownerId) parts.push(eb('s.owner_id', '=', f.ownerId));
        if (f.openAt !== undefined) parts.push(eb.and([eb('s.active', '=', 1), eb.or([eb('s.expires_at', 'is', null), eb('s.expires_at', '>', f.openAt)])]));
        return eb.and(parts);
      });
    const counted = await matching.select(sql<number>`count(*)`.as('n')).executeTakeFirst();
    const rows = await matching.selectAll('s').select('v.name as vehicle_name').orderBy('s.created_at', 'desc').orderBy('s.id').$call(pageWindow(page)).execute();
    return { rows: rows.map((r) => ({ ...toShare(r), vehicleName: String(r.vehicle_name) })), total: Number(counted?.n ?? 0) };
  },

  create: async (share) => {
    await db.insertInto('shares').values(fromShare(share)).execute();
  },

  update: async (share) => {
    const { id, ...changes } = fromShare(share);
    await db.updateTable('shares').set(changes).where('id', '=', id).execute();
  },

  delete: async (id) => {
    await db.deleteFrom('shares').where('id', '=', id).execute();
  },
});
