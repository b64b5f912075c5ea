// Feedback (/other/feedback): the stored shape, its replies, and the store. Times are epoch milliseconds.
import type { Generated, Selectable } from 'kysely';
import type { FEEDBACK_CATEGORIES, FEEDBACK_STATUSES } from '../../../contract/entities/feedback';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { pageWindow } from '../../platform/database/page-window';

/** Its tables, as both databases hold them (server/platform/database/migrations.ts). */
export interface FeedbackTable {
  id: string;
  user_id: string | null;
  message: string;
  pinned: Generated<number>;
  reply: Generated<string>;
  created_at: number;
  category: Generated<string>;
  status: Generated<string>;
  source: Generated<string>;
  vehicle_id: string | null;
  fleet_id: string | null;
  screenshot_type: string | null;
  screenshot: Uint8Array | null;
  updated_at: Generated<number>;
}

export interface FeedbackRepliesTable {
  id: Generated<number>;
  feedback_id: string;
  at: number;
  author_id: string | null;
  author: string | null;
  message: string;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    feedback: FeedbackTable;
    feedback_replies: FeedbackRepliesTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    feedback: FeedbackStore;
  }
}

export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

export interface FeedbackRecord {
  id: string;
  userId: string | null;
  userName: string | null;
  category: FeedbackCategory;
  message: string;
  status: FeedbackStatus;
  /** `console`: the header's Send feedback; `app`: a driver's phone app through the API. */
  source: 'console' | 'app';
  vehicleId: string | null;
  vehicleName: string | null;
  fleetId: string | null;
  screenshotType: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface FeedbackReply {
  id: string;
  at: number;
  authorId: string | null;
  author: string | null;
  message: string;
}

export interface FeedbackFilter {
  scope: VisibleScope;
  /** The caller: their own feedback is always visible to them. */
  userId: string;
  status?: FeedbackStatus;
  category?: FeedbackCategory;
  fleetId?: string;
  /** Only the caller's own feedback. */
  mine?: boolean;
}

export interface FeedbackStore {
  list(filter: FeedbackFilter, page: PageQuery): Promise<Paged<FeedbackRecord>>;
  get(id: string): Promise<FeedbackRecord | null>;
  screenshot(id: string): Promise<{ type: string; data: Buffer } | null>;
  replies(id: string): Promise<FeedbackReply[]>;
  create(feedback: Omit<FeedbackRecord, 'userName' | 'vehicleName' | 'screenshotType'>, screenshot: { type: string; data: Buffer } | null): Promise<void>;
  setStatus(id: string, status: FeedbackStatus, at: number): Promise<void>;
  /** Adds the reply and marks the feedback replied, in one step. */
  reply(id: string, reply: Omit<FeedbackReply, 'id'>): Promise<void>;
}

const toReply = (r: Selectable<FeedbackRepliesTable>): FeedbackReply => ({
  id: String(r.id),
  at: Number(r.at),
  authorId: r.author_id,
  author: r.author,
  message: r.message,
});

export const feedbackStore = ({ db, dialect }: FleetDatabase): FeedbackStore => {
  // Feedback with its vehicle (for the scope); `named` adds the names the answers show.
  const feedback = () => db.selectFrom('feedback as fb').leftJoin('vehicles as v', 'v.id', 'fb.vehicle_id');
  const named = (q: ReturnType<typeof feedback>) =>
    q
      .leftJoin('users as u', 'u.id', 'fb.user_id')
      .select([
        'fb.id',
        'fb.user_id',
        'fb.category',
        'fb.message',
        'fb.status',
        'fb.source',
        'fb.vehicle_id',
        'fb.fleet_id',
        'fb.screenshot_type',
        'fb.created_at',
        'fb.updated_at',
        'u.user_name',
        'v.name as vehicle_name',
      ]);
  const toFeedback = (r: Awaited<ReturnType<ReturnType<typeof named>['executeTakeFirstOrThrow']>>): FeedbackRecord => ({
    id: r.id,
    userId: r.user_id,
    userName: r.user_name,
    category: r.category as FeedbackRecord['category'],
    message: r.message,
    status: r.status as FeedbackRecord['status'],
    source: r.source === 'app' ? 'app' : 'console',
    vehicleId: r.vehicle_id,
    vehicleName: r.vehicle_name,
    fleetId: r.fleet_id,
    screenshotType: r.screenshot_type,
    createdAt: Number(r.created_at),
    updatedAt: Number(r.updated_at),
  });
  return {
    list: async (f, page) => {
      const places = f.scope.all ? null : f.scope;
      // The caller's own feedback, and unless only those are asked for, what its scope reaches.
      const filtered = feedback()
        .$if(Boolean(f.mine), (q) => q.where('fb.user_id', '=', f.userId))
        .$if(!f.mine && places !== null, (q) =>
          q.where((eb) =>
            eb.or([
              dialect.anyOf(eb.ref('fb.fleet_id'), places!.fleetIds),
              dialect.anyOf(eb.ref('v.sub_fleet_id'), places!.subFleetIds),
              dialect.anyOf(eb.ref('v.depot_id'), places!.depotIds),
              eb('fb.user_id', '=', f.userId),
            ]),
          ),
        )
        .$if(Boolean(f.status), (q) => q.where('fb.status', '=', f.status!))
        .$if(Boolean(f.category), (q) => q.where('fb.category', '=', f.category!))
        .$if(Boolean(f.fleetId), (q) => q.where('fb.fleet_id', '=', f.fleetId!));
      const counted = await filtered.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
      const rows = await named(filtered).orderBy('fb.created_at', 'desc').orderBy('fb.id', 'desc').$call(pageWindow(page)).execute();
      return { rows: rows.map(toFeedback), total: Number(counted?.n ?? 0) };
    },
    get: async (id) => {
      const r = await named(feedback()).where('fb.id', '=', id).executeTakeFirst();
      return r ? toFeedback(r) : null;
    },
    screenshot: async (id) => {
      const r = await db.selectFrom('feedback').select(['screenshot_type', 'screenshot']).where('id', '=', id).where('screenshot', 'is not', null).executeTakeFirst();
      return r ? { type: String(r.screenshot_type), data: Buffer.from(r.screenshot!) } : null;
    },
    replies: async (id) => (await db.selectFrom('feedback_replies').selectAll().where('feedback_id', '=', id).orderBy('at').orderBy('id').execute()).map(toReply),
    create: async (fb, screenshot) => {
      await db
        .insertInto('feedback')
        .values({
          id: fb.id,
          user_id: fb.userId,
          message: fb.message,
          category: fb.category,
          status: fb.status,
          source: fb.source,
          vehicle_id: fb.vehicleId,
          fleet_id: fb.fleetId,
          screenshot_type: screenshot?.type ?? null,
          screenshot: screenshot?.data ?? null,
          created_at: fb.createdAt,
          updated_at: fb.updatedAt,
        })
        .execute();
    },
    setStatus: async (id, status, at) => {
      await db.updateTable('feedback').set({ status, updated_at: at }).where('id', '=', id).execute();
    },
    reply: async (id, reply) => {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('feedback_replies')
          .values({ feedback_id: id, at: reply.at, author_id: reply.authorId, author: reply.author, message: reply.message })
          .execute();
        await trx.updateTable('feedback').set({ status: 'replied', updated_at: reply.at }).where('id', '=', id).execute();
      });
    },
  };
};
