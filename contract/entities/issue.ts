import { Type } from '@sinclair/typebox';
import { LongText, Name, Nullable, RecordVersion } from './common';
import { PERMISSIONS } from '../api/permissions';

// REST shapes and field rules of issue reports (/other/issues), shared by the server's validation
// and the console's types.

export const ISSUE_STATUSES = ['open', 'inprogress', 'escalated', 'closed', 'solved'] as const;
/** The list's age filter: issues created at least this long ago. */
export const ISSUE_AGES = { '24h': 24, '3d': 72, '7d': 168, '30d': 720 } as const;
/** Hours an issue may stay open or in progress before it escalates by itself (per fleet). */
export const ESCALATION_HOURS = { min: 1, max: 720, default: 24 } as const;

export const IssueTitle = Name(80);
export const IssueText = LongText(2000);

export const IssueStatusSchema = Type.Union(ISSUE_STATUSES.map((s) => Type.Literal(s)));

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

/** The issue calls and the permissions they need. */
export const ISSUE_API = { base: '/customization/issue/v1', permissions: { view: PERMISSIONS.issueView, edit: PERMISSIONS.issueEdit } } as const;
