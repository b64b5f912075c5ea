import { Type } from '@sinclair/typebox';
import { PERMISSIONS } from '../api/permissions';
import { SeveritySchema } from './alarm';
import { Id, Name, NumericId, PageQuery, Timestamp } from './common';

// REST shapes of silences (one-off): which of a fleet's alarms neither notify nor sound on a wall
// from when to when, and why. A silenced alarm is still shown, marked.

export const SILENCE_STATES = ['pending', 'active', 'expired'] as const;
export const SilenceStateSchema = Type.Union(SILENCE_STATES.map((s) => Type.Literal(s)));

/** The longest a silence may last: a longer quiet is a mute timing's (recurring), not a silence's. */
export const SILENCE_MAX_DAYS = 31;

export const SilenceId = NumericId;

/** An alarm kind as the alarms carry it (low_soc, comm_lost…). */
export const AlarmKindKey = Type.String({ minLength: 1, maxLength: 40, pattern: '^[a-z0-9_]+$' });

/** What a silence covers within its fleet: every matcher given must match; none given: the whole fleet. */
export const SilenceMatchersSchema = Type.Object({
  vehicleId: Type.Optional(Id),
  subFleetId: Type.Optional(Id),
  depotId: Type.Optional(Id),
  kind: Type.Optional(AlarmKindKey),
  severity: Type.Optional(SeveritySchema),
});

/** A silence; `state` as of the answer: not started yet, in force, or over. */
export const SilenceSchema = Type.Object({
  id: Type.String(),
  fleetId: Type.String(),
  matchers: SilenceMatchersSchema,
  startsAt: Type.String(),
  endsAt: Type.String(),
  reason: Type.String(),
  /** The user name of whoever created it. */
  createdBy: Type.String(),
  createdAt: Type.String(),
  state: SilenceStateSchema,
});

/** What a silence is written with; `startsAt` left out: now. */
const SilenceFields = {
  matchers: SilenceMatchersSchema,
  startsAt: Type.Optional(Timestamp),
  endsAt: Timestamp,
  reason: Name(200),
};

export const SilenceCreateSchema = Type.Object({ fleetId: Id, ...SilenceFields });
/** Replaces a silence's matchers, times and reason; its fleet stays. */
export const SilenceUpdateSchema = Type.Object({ silenceId: SilenceId, ...SilenceFields });
export const SilenceQuerySchema = Type.Object({ ...PageQuery, fleetId: Type.Optional(Id), state: Type.Optional(SilenceStateSchema) });

/** The silence a call names. */
export const SilenceRefSchema = Type.Object({ silenceId: SilenceId });

/**
 * The silence calls and the permissions they need: whoever sees and acknowledges alarms (an
 * operator in a control room) reads and writes the silences of the fleets in their scope.
 */
export const SILENCE_API = {
  base: '/customization/silence/v1',
  permissions: { view: PERMISSIONS.alarmView, edit: PERMISSIONS.alarmView },
} as const;
