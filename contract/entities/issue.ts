import { Type } from '@sinclair/typebox';
import { BasedOn, Id, LongText, Name, Nullable, NumericId, PageQuery, RecordVersion } from './common';
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

/** The filters the issue list and its counts share: fleet, vehicle, alarm, assignee and age. */
const IssueFilter = {
  fleetId: Type.Optional(Id),
  vehicleId: Type.Optional(Id),
  alarmId: Type.Optional(NumericId),
  assigneeId: Type.Optional(Id),
  age: Type.Optional(Type.Union(Object.keys(ISSUE_AGES).map((a) => Type.Literal(a)))),
};
const IssueSort = Type.Union(['createdAt', '-createdAt', 'updatedAt', '-updatedAt', 'number', '-number'].map((s) => Type.Literal(s)));

/** The issue list's filters (and status), and its sort: createdAt (default newest first), updatedAt or number. */
export const IssueQuerySchema = Type.Object({ ...PageQuery, ...IssueFilter, status: Type.Optional(IssueStatusSchema), sort: Type.Optional(IssueSort) });

/** The counts by status of the issues matching the list's filters. */
export const IssueCountsQuerySchema = Type.Object(IssueFilter);

/** A new issue: from an alarm (its vehicle and device), from a vehicle, or by hand (a vehicle chosen). */
export const IssueCreateSchema = Type.Object({
  alarmId: Type.Optional(NumericId),
  vehicleId: Type.Optional(Id),
  title: IssueTitle,
  description: Type.Optional(IssueText),
  assigneeId: Type.Optional(Nullable(Id)),
});

/** An issue's changes; escalating has its own call. */
export const IssueUpdateSchema = Type.Object({
  issueId: Id,
  ...BasedOn,
  title: Type.Optional(IssueTitle),
  description: Type.Optional(IssueText),
  status: Type.Optional(IssueStatusSchema),
  rootCause: Type.Optional(IssueText),
  shortTermSolution: Type.Optional(IssueText),
  longTermSolution: Type.Optional(IssueText),
  assigneeId: Type.Optional(Nullable(Id)),
});

/** Escalating an issue by hand, with a reason. */
export const IssueEscalateSchema = Type.Object({ issueId: Id, reason: IssueText });

/** The accounts that may work on a fleet's issues. */
export const IssueAssigneeQuerySchema = Type.Object({ fleetId: Id });

/** A fleet's escalation limit in hours. */
export const EscalationLimitUpdateSchema = Type.Object({ fleetId: Id, hours: Type.Integer({ minimum: ESCALATION_HOURS.min, maximum: ESCALATION_HOURS.max }) });

/** The issue a call names. */
export const IssueRefSchema = Type.Object({ issueId: Id });

/** The issue calls and the permissions they need. */
export const ISSUE_API = { base: '/customization/issue/v1', permissions: { view: PERMISSIONS.issueView, edit: PERMISSIONS.issueEdit } } as const;
