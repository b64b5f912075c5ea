import { Type } from '@sinclair/typebox';
import { Id, LongText, Nullable, PageQuery } from './common';
import { PERMISSIONS } from '../api/permissions';

// REST shapes and field rules of feedback (/other/feedback), shared by the server's validation and
// the console's types.

export const FEEDBACK_STATUSES = ['new', 'read', 'replied', 'closed'] as const;
export const FEEDBACK_CATEGORIES = ['bug', 'idea', 'vehicle', 'other'] as const;
/** Screenshots attached to feedback: images only, at most this many bytes. */
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const SCREENSHOT_MAX_BYTES = 512 * 1024;

export const FeedbackStatusSchema = Type.Union(FEEDBACK_STATUSES.map((s) => Type.Literal(s)));
export const FeedbackCategorySchema = Type.Union(FEEDBACK_CATEGORIES.map((s) => Type.Literal(s)));

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

export const FeedbackText = LongText(2000);
// A screenshot's data: URL: base64 makes 4 characters of every 3 bytes.
const ScreenshotUrl = Type.String({ maxLength: Math.ceil(SCREENSHOT_MAX_BYTES / 3) * 4 + 40, pattern: '^data:[a-z0-9.+/-]+;base64,[A-Za-z0-9+/]*={0,2}$' });

/** Feedback sent: category, text, optionally the vehicle it is about and a screenshot (a data: URL); `source: "app"` from drivers' phone apps. */
export const FeedbackCreateSchema = Type.Object({
  category: FeedbackCategorySchema,
  message: FeedbackText,
  vehicleId: Type.Optional(Id),
  screenshot: Type.Optional(ScreenshotUrl),
  source: Type.Optional(Type.Union([Type.Literal('console'), Type.Literal('app')])),
});

/** The feedback list's filters: the caller's own (mine), status, category, fleet. */
export const FeedbackQuerySchema = Type.Object({
  ...PageQuery,
  mine: Type.Optional(Type.Boolean()),
  status: Type.Optional(FeedbackStatusSchema),
  category: Type.Optional(FeedbackCategorySchema),
  fleetId: Type.Optional(Id),
});

/** Names one feedback. */
export const FeedbackRefSchema = Type.Object({ feedbackId: Id });

/** A staff reply to feedback. */
export const FeedbackReplyInputSchema = Type.Object({ feedbackId: Id, message: FeedbackText });

/** Feedback's new status. */
export const FeedbackStatusUpdateSchema = Type.Object({ feedbackId: Id, status: FeedbackStatusSchema });

/** The feedback calls and the permissions they need. */
export const FEEDBACK_API = { base: '/customization/feedback/v1', permissions: { view: PERMISSIONS.feedbackView, edit: PERMISSIONS.feedbackEdit } } as const;
