import { Type } from '@sinclair/typebox';
import { PERMISSIONS } from '../api/permissions';
import { AlarmSchema, SeveritySchema } from './alarm';
import { Id, Nullable, NumericId, PageQuery, StoredText } from './common';

// REST shapes of incidents: the alarms that share a cause, grouped the way the fleet is built
// (issue 31). The rules are data (INCIDENT_RULES), documented in docs/api.md, "Incidents".

export const INCIDENT_STATES = ['firing', 'resolved'] as const;
export const IncidentStateSchema = Type.Union(INCIDENT_STATES.map((s) => Type.Literal(s)));

/** Which rule made the incident: a gateway outage with the device alarms under it, one kind across a depot or sub-fleet, or one alarm. */
export const INCIDENT_RULE_NAMES = ['outage', 'place', 'single'] as const;
export type IncidentRuleName = (typeof INCIDENT_RULE_NAMES)[number];

/** Who an unacknowledged incident is for, in turn. */
export const ESCALATION_STEPS = ['operator', 'fleet_manager', 'service_engineer'] as const;
export type EscalationStep = (typeof ESCALATION_STEPS)[number];

/**
 * How alarms become incidents, as data.
 * - `outage`: an open alarm of one of these kinds on one of these device types (the vehicle's
 *   gateway, DTU) makes the vehicle's other alarms raised while it lasts children of its incident,
 *   inhibited: shown under it, never notified on their own.
 * - `place`: the same kind on `vehicles` or more vehicles of one depot (of one sub-fleet for
 *   vehicles without a depot) within `windowS` of each other is one incident; later alarms of that
 *   kind there join it while they come within `windowS` of its latest one.
 * - Otherwise one alarm is one incident.
 * - `escalation`: an unacknowledged incident firing goes from one step to the next after that
 *   step's `afterS` (counted from the previous step); the first step is where it starts.
 */
export const INCIDENT_RULES = {
  outage: { deviceTypes: ['dtu'], kinds: ['comm_lost', 'device_fault'] },
  place: { vehicles: 3, windowS: 600 },
  escalation: [
    { step: 'operator', afterS: 0 },
    { step: 'fleet_manager', afterS: 900 },
    { step: 'service_engineer', afterS: 1800 },
  ],
} as const satisfies {
  outage: { deviceTypes: readonly string[]; kinds: readonly string[] };
  place: { vehicles: number; windowS: number };
  escalation: ReadonlyArray<{ step: EscalationStep; afterS: number }>;
};

/** What an alarm kind is called in an incident's title ("Tyre pressure low on 14 vehicles at Munich depot"). */
export const INCIDENT_KIND_TITLES: Record<string, string> = {
  low_soc: 'Battery SOC low',
  high_temp: 'Battery temperature high',
  low_temp: 'Battery temperature low',
  cell_imbalance: 'Battery cell imbalance',
  low_tyre_pressure: 'Tyre pressure low',
  tank_low: 'Tank low',
  tank_high: 'Tank high',
  comm_lost: 'Gateway lost contact',
  device_fault: 'Device fault',
};

/** A kind's title; one this list does not know (a pre-alarm's) in words. */
export const incidentKindTitle = (kind: string): string =>
  INCIDENT_KIND_TITLES[kind] ??
  kind
    .replace(/^prealarm[.:_]/, '')
    .replace(/[._:]/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());

const Counts = Type.Object({ critical: Type.Integer(), major: Type.Integer(), minor: Type.Integer() });

export const IncidentSchema = Type.Object({
  id: Type.String(),
  fleetId: Type.String(),
  subFleetId: Nullable(Type.String()),
  depotId: Nullable(Type.String()),
  /** The vehicle of an outage or a single alarm; null for a depot- or sub-fleet-wide one. */
  vehicleId: Nullable(Type.String()),
  rule: Type.Union(INCIDENT_RULE_NAMES.map((r) => Type.Literal(r))),
  kind: Type.String(),
  /** The worst of its alarms. */
  severity: SeveritySchema,
  title: Type.String(),
  state: IncidentStateSchema,
  startedAt: Type.String(),
  resolvedAt: Nullable(Type.String()),
  /** Its alarms (inhibited ones included) by severity, and the vehicles they are on. */
  alarmCounts: Counts,
  vehicleCount: Type.Integer(),
  /** Set when its alarms were taken into a depot- or sub-fleet-wide incident: this one then ended. */
  mergedInto: Nullable(Type.String()),
  ack: Nullable(Type.Object({ by: Type.String(), at: Type.String(), note: Nullable(Type.String()) })),
  /** Who said "I'm on it". */
  assignee: Nullable(Type.Object({ userId: Type.String(), name: Type.String(), at: Type.String() })),
  escalation: Type.Object({
    step: Type.Union(ESCALATION_STEPS.map((s) => Type.Literal(s))),
    /** 0 for the first step. */
    level: Type.Integer(),
    /** When it reached this step; null while at the first. */
    escalatedAt: Nullable(Type.String()),
  }),
});

/** An incident's alarm: `inhibited` when it is under a gateway outage (never notified on its own). */
export const IncidentAlarmSchema = Type.Intersect([AlarmSchema, Type.Object({ inhibited: Type.Boolean() })]);

export const IncidentDetailSchema = Type.Intersect([IncidentSchema, Type.Object({ alarms: Type.Array(IncidentAlarmSchema) })]);

/** A page of incidents; `counts` by severity cover every incident matching the filter, not only the page. */
export const IncidentPageSchema = Type.Object({ rows: Type.Array(IncidentSchema), total: Type.Integer(), counts: Counts });

export const IncidentQuerySchema = Type.Object({
  ...PageQuery,
  fleetId: Type.Optional(Id),
  state: Type.Optional(IncidentStateSchema),
  severity: Type.Optional(SeveritySchema),
});

export const IncidentRefSchema = Type.Object({ incidentId: NumericId });
export const IncidentAckBodySchema = Type.Object({ incidentId: NumericId, note: Type.Optional(StoredText(200)) });

/** The incident calls and the permissions they need: whoever sees and acknowledges alarms. */
export const INCIDENT_API = {
  base: '/customization/incident/v1',
  permissions: { view: PERMISSIONS.alarmView, act: PERMISSIONS.alarmView },
} as const;
