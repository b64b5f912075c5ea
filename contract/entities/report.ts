// REST shapes of reports (docs/api.md, "Reports and pre-alarms"), shared by the server's validation
// and the console's types.
import { Type } from '@sinclair/typebox';
import { Id, Name, Nullable, PageQuery, PlainText, StoredText, Timestamp } from './common';
import { PERMISSIONS } from '../api/permissions';

/** The tables a report may include, in the order the report page shows them. */
export const REPORT_TABLES = {
  distance: 'Distance and driving time',
  energy: 'Energy in and out',
  soc: 'State of charge',
  tanks: 'Tank levels',
  tyres: 'Tyre pressure',
  alarms: 'Alarms by type',
  firmware: 'Firmware events',
} as const;
export type ReportTable = keyof typeof REPORT_TABLES;
export const REPORT_TABLE_NAMES = Object.keys(REPORT_TABLES) as ReportTable[];

export const ReportPermissionSchema = Type.Union([Type.Literal('view'), Type.Literal('edit')]);

export const ReportSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  dataName: Type.String(),
  fleetId: Type.String(),
  fleetName: Type.String(),
  ownerId: Nullable(Type.String()),
  /** What others may do with it (set by its owner). */
  sharing: ReportPermissionSchema,
  /** What the caller may do with it: 'view' only, or 'edit' (change and delete). */
  permission: ReportPermissionSchema,
  createdAt: Type.String(),
});

export const ReportFields = {
  name: Name(50),
  description: StoredText(200),
  dataName: Name(50),
  fleetId: Id,
  sharing: ReportPermissionSchema,
};

/** The report list's filter: name (contains). */
export const ReportQuerySchema = Type.Object({ ...PageQuery, name: Type.Optional(PlainText(50)) });

/** Names one report (detail, delete). */
export const ReportRefSchema = Type.Object({ reportId: Id });

/** A new report: its description and sharing may be left out. */
export const ReportCreateSchema = Type.Object({ ...ReportFields, description: Type.Optional(ReportFields.description), sharing: Type.Optional(ReportFields.sharing) });

export const ReportUpdateSchema = Type.Object({
  reportId: Id,
  name: Type.Optional(ReportFields.name),
  description: Type.Optional(ReportFields.description),
  dataName: Type.Optional(ReportFields.dataName),
  fleetId: Type.Optional(ReportFields.fleetId),
  sharing: Type.Optional(ReportFields.sharing),
});

/** One batch of a computed report: up to 100 vehicles over a range of at most 31 days. */
export const ReportComputeSchema = Type.Object({
  reportId: Id,
  vehicleIds: Type.Array(Id, { minItems: 1, maxItems: 100 }),
  from: Timestamp,
  to: Timestamp,
  tables: Type.Array(Type.Union(REPORT_TABLE_NAMES.map((t) => Type.Literal(t))), { minItems: 1, maxItems: REPORT_TABLE_NAMES.length }),
});

const Kwh = Type.Object({ solar: Type.Number(), dcdc: Type.Number(), shore: Type.Number(), consumption: Type.Number() });

export const ReportResultSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  vehicles: Type.Array(
    Type.Object({
      vehicleId: Type.String(),
      vehicleName: Type.String(),
      distanceKm: Type.Number(),
      drivingS: Type.Number(),
      energyKwh: Kwh,
      soc: Type.Object({ min: Nullable(Type.Number()), avg: Nullable(Type.Number()), lowS: Type.Number() }),
      tanks: Type.Array(Type.Object({ deviceId: Type.Integer(), min: Nullable(Type.Number()), avg: Nullable(Type.Number()) })),
      tyreMinKpa: Nullable(Type.Number()),
    }),
  ),
  days: Type.Array(Type.Object({ day: Type.Number(), distanceKm: Type.Number(), energyKwh: Kwh, socSum: Type.Number(), socCount: Type.Number() })),
  alarms: Type.Array(Type.Object({ kind: Type.String(), count: Type.Integer(), durationS: Type.Number(), vehicles: Type.Integer() })),
  firmware: Type.Array(
    Type.Object({
      vehicleId: Type.String(),
      vehicleName: Type.String(),
      deviceType: Type.String(),
      deviceId: Type.Integer(),
      version: Type.String(),
      state: Type.String(),
      at: Type.String(),
    }),
  ),
});

/** The report calls and the permissions they need. */
export const REPORT_API = { base: '/customization/report/v1', permissions: { view: PERMISSIONS.reportView, edit: PERMISSIONS.reportEdit } } as const;
