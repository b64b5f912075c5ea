import { Type } from '@sinclair/typebox';
import { Name, Nullable, RecordVersion } from '../entities/common';

// REST shapes and field rules of issue reports and feedback (/other/…), shared by the server's
// validation and the console's types.

export const ISSUE_STATUSES = ['open', 'inprogress', 'escalated', 'closed', 'solved'] as const;
export const FEEDBACK_STATUSES = ['new', 'read', 'replied', 'closed'] as const;
export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'vehicle', 'other'] as const;
/** The list's age filter: issues created at least this long ago. */
export const ISSUE_AGES = { '24h': 24, '3d': 72, '7d': 168, '30d': 720 } as const;
/** Hours an issue may stay open or in progress before it escalates by itself (per fleet). */
export const ESCALATION_HOURS = { min: 1, max: 720, default: 24 } as const;
/** Screenshots attached to feedback: images only, at most this many bytes. */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const SCREENSHOT_MAX_BYTES = 512 * 1024;

/** Free text over several lines: no control characters but line breaks and tabs, no lone surrogates. */
export const LongText = (max: number) => Type.String({ maxLength: max, pattern: '^(?:[^\\p{Cc}\\p{Cs}]|[\\n\\r\\t])*$' });
export const IssueTitle = Name(80);
export const IssueText = LongText(2000);

export const IssueStatusSchema = Type.Union(ISSUE_STATUSES.map((s) => Type.Literal(s)));
export const FeedbackStatusSchema = Type.Union(FEEDBACK_STATUSES.map((s) => Type.Literal(s)));
export const FeedbackCategorySchema = Type.Union(FEEDBACK_CATEGORIES.map((s) => Type.Literal(s)));

export const IssueSchema = Type.Object({
  id: Type.String(),
  number: Type.String(),
  vehicleId: Nullable(Type.String()),
  vehicleName: Nullable(Type.String()),
  fleetId: Nullable(Type.String()),
  fleetName: Nullable(Type.String()),
  deviceType: Nullable(Type.String()),
  deviceId: Nullable(Type.Integer()),
  alarmId: Nullable(Type.String()),
  title: Type.String(),
  description: Type.String(),
  status: IssueStatusSchema,
  escalation: Nullable(Type.Union([Type.Literal('manual'), Type.Literal('automatic')])),
  escalationReason: Type.String(),
  rootCause: Type.String(),
  shortTermSolution: Type.String(),
  longTermSolution: Type.String(),
  assigneeId: Nullable(Type.String()),
  assigneeName: Nullable(Type.String()),
  reporterId: Nullable(Type.String()),
  reporterName: Nullable(Type.String()),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  statusSince: Type.String(),
  ...RecordVersion,
});

export const IssueEventSchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  actorId: Nullable(Type.String()),
  /** Who did it (their name then); null: the server (automatic escalation). */
  actor: Nullable(Type.String()),
  action: Type.Union([Type.Literal('created'), Type.Literal('changed'), Type.Literal('escalated')]),
  detail: Type.Record(Type.String(), Type.Unknown()),
});

export const IssueDetailSchema = Type.Composite([IssueSchema, Type.Object({ events: Type.Array(IssueEventSchema) })]);

export const IssueCountsSchema = Type.Object(
  Object.fromEntries(ISSUE_STATUSES.map((s) => [s, Type.Integer()])) as Record<(typeof ISSUE_STATUSES)[number], ReturnType<typeof Type.Integer>>,
);

export const EscalationLimitSchema = Type.Object({ fleetId: Type.String(), fleetName: Type.String(), hours: Type.Integer() });

export const IssueAssigneeSchema = Type.Object({ id: Type.String(), userName: Type.String() });

export const FeedbackSchema = Type.Object({
  id: Type.String(),
  userId: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  category: FeedbackCategorySchema,
  message: Type.String(),
  status: FeedbackStatusSchema,
  source: Type.Union([Type.Literal('console'), Type.Literal('app')]),
  vehicleId: Nullable(Type.String()),
  vehicleName: Nullable(Type.String()),
  fleetId: Nullable(Type.String()),
  hasScreenshot: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const FeedbackReplySchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  authorId: Nullable(Type.String()),
  author: Nullable(Type.String()),
  message: Type.String(),
});

export const FeedbackDetailSchema = Type.Composite([
  FeedbackSchema,
  Type.Object({
    replies: Type.Array(FeedbackReplySchema),
    /** The screenshot as a data: URL (the console's images allow data:, and a plain link could not carry the token). */
    screenshot: Nullable(Type.String()),
  }),
]);
