import { type StringOptions, Type } from '@sinclair/typebox';
import { DEVICE_TYPES, VEHICLE_STATUSES } from './types';
import { ThemeSchema } from './account-settings-rules';

// The REST shapes and field rules the server validates with (spec section 5) and the console's
// types are derived from: one source, so the two cannot disagree.

/** A schema keyword the server's body validator acts on: trim surrounding white space first. */
export const TRIM_KEYWORD = 'x-trim';
/** A schema keyword the server's validator checks: text given must not be blank (contract/text-rules.ts). */
export const FILLED_KEYWORD = 'x-filled';
/** A schema keyword the server's validator checks: no characters that hide or turn text (names). */
export const VISIBLE_KEYWORD = 'x-visible';

/**
 * Text without control characters (C0, DEL, C1) or lone surrogates, which JSON escapes such as
 * "\u0000" and "\ud800" would otherwise carry into storage.
 */
const PLAIN_TEXT = '^[^\\p{Cc}\\p{Cs}]*$';

/** Free text of at most `max` characters (filters, search), as sent. */
export const PlainText = (max: number, options: StringOptions = {}) => Type.String({ ...options, maxLength: max, pattern: PLAIN_TEXT });

/** Free text that is stored (a description, a note, a setting), as sent: empty, or not blank. */
export const StoredText = (max: number, options: StringOptions = {}) => PlainText(max, { ...options, [FILLED_KEYWORD]: true });

/** A name: surrounding white space removed, then 1 to `max` characters of plain text, none of them hidden. */
export const Name = (max: number) => Type.String({ [TRIM_KEYWORD]: true, [VISIBLE_KEYWORD]: true, minLength: 1, maxLength: max, pattern: PLAIN_TEXT });

export const Email = Type.String({ format: 'email', maxLength: 254 });
export const Password = Type.String({ minLength: 6, maxLength: 12, pattern: '^[\\x21-\\x7E]+$' });
export const UserName = Name(15);
export const RoleName = Name(24);
export const EntityName = Name(50);
/** Vehicle names: the create form (and batch add) allows 20 characters, the edit form 30. */
export const VehicleNameCreate = Name(20);
export const VehicleNameEdit = Name(30);
/** Stored as entered (white space around it removed); unique whatever its case. */
export const SerialNumber = Type.String({ [TRIM_KEYWORD]: true, minLength: 1, maxLength: 40, pattern: '^[A-Za-z0-9-]+$' });
/** Ids are made by the server: printable ASCII without spaces. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7E]+$' });

/** `moveTo` of a sub-fleet or depot deletion: its vehicles stay in the fleet, in no sub-fleet or depot. */
export const NO_PLACEMENT = 'none';
/** An ISO-8601 time in a query (date-time, UTC or with an offset). */
export const Timestamp = Type.String({ format: 'date-time', maxLength: 40 });
export const Status = Type.Union([Type.Literal('active'), Type.Literal('disabled')]);
export const DeviceTypeSchema = Type.Union(DEVICE_TYPES.map((t) => Type.Literal(t)));
export const VehicleStatusSchema = Type.Union(VEHICLE_STATUSES.map((t) => Type.Literal(t)));
export const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** Highest page number: with the largest page size, offsets stay exact integers in SQL. */
export const MAX_PAGE_NUM = 1_000_000;

export const PageQuery = {
  pageNum: Type.Integer({ minimum: 1, maximum: MAX_PAGE_NUM, default: 1 }),
  pageSize: Type.Integer({ minimum: 1, maximum: 500, default: 20 }),
};

/** An editable record's version (raised by every write); an update may name the one it was based on. Absent from servers without versions. */
export const RecordVersion = { version: Type.Optional(Type.Integer({ minimum: 1 })) };

export const PageOf = <T extends Parameters<typeof Type.Array>[0]>(row: T) => Type.Object({ rows: Type.Array(row), total: Type.Integer() });

export const VehicleSnapshotSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sn: Type.String(),
  fleetId: Type.String(),
  subFleetId: Nullable(Type.String()),
  depotId: Nullable(Type.String()),
  status: VehicleStatusSchema,
  soc: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  lng: Nullable(Type.Number()),
  alarms: Type.Integer(),
  lastSeen: Nullable(Type.String()),
});

const VehicleKindSchema = Type.Union([Type.Literal('van'), Type.Literal('rv'), Type.Literal('bus'), Type.Literal('boat')]);

/** A row of /vehicles/list: the live snapshot with its placement's names, firmware and pin. */
export const VEHICLE_ACTIONS = ['edit', 'unbind'] as const;

export const VehicleListRowSchema = Type.Composite([
  VehicleSnapshotSchema,
  Type.Object({
    kind: VehicleKindSchema,
    fleetName: Type.String(),
    subFleetName: Nullable(Type.String()),
    depotName: Nullable(Type.String()),
    /** Placed on top of the list ("top place"). */
    pinned: Type.Boolean(),
    airConditioner: Type.Boolean(),
    firmware: Type.Array(Type.Object({ deviceType: DeviceTypeSchema, deviceId: Type.Integer(), version: Type.String() })),
    /**
     * What the caller may do to this vehicle (role and scope, as the server decides it): `edit`
     * (edit, top place, transfer, delete) and `unbind`, which needs the vehicle's fleet itself in scope.
     */
    allowed: Type.Array(Type.Union(VEHICLE_ACTIONS.map((action) => Type.Literal(action)))),
    ...RecordVersion,
  }),
]);

/** Sort keys of the vehicle list; `-` first for descending. */
export const VEHICLE_SORT_KEYS = ['name', 'sn', 'status', 'soc', 'lastSeen'] as const;

export const VehicleDetailSchema = Type.Composite([
  VehicleSnapshotSchema,
  Type.Object({
    fleetName: Type.String(),
    subFleetName: Nullable(Type.String()),
    depotName: Nullable(Type.String()),
    kind: VehicleKindSchema,
    devices: Type.Array(
      Type.Object({
        deviceType: DeviceTypeSchema,
        deviceId: Type.Integer(),
        model: Type.String(),
        version: Type.String(),
        availableVersion: Nullable(Type.String()),
      }),
    ),
    ...RecordVersion,
  }),
]);

export const SeveritySchema = Type.Union([Type.Literal('critical'), Type.Literal('major'), Type.Literal('minor')]);

export const AlarmSchema = Type.Object({
  id: Type.String(),
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  fleetId: Type.String(),
  deviceType: DeviceTypeSchema,
  deviceId: Type.Integer(),
  kind: Type.String(),
  severity: SeveritySchema,
  message: Type.String(),
  startedAt: Type.String(),
  endedAt: Nullable(Type.String()),
  /** Who acknowledged the alarm (their name then), when, and their note; absent from servers that do not record it. */
  ack: Type.Optional(Nullable(Type.Object({ by: Type.String(), at: Type.String(), note: Nullable(Type.String()) }))),
  /**
   * The worst value of the alarm's key while it lasted (lowest SOC, highest temperature…), from the
   * device's history; only on the alarm detail, null when the kind has no value or none was stored.
   */
  peak: Type.Optional(Nullable(Type.Object({ key: Type.String(), value: Type.Number(), at: Type.String() }))),
});

/** A page of alarms; with `byKind` asked, how many alarms of each kind match the filter (all pages). */
export const AlarmPageSchema = Type.Object({
  rows: Type.Array(AlarmSchema),
  total: Type.Integer(),
  byKind: Type.Optional(Type.Record(Type.String(), Type.Integer())),
});

/** One view of a wall playlist and how long it stays: the home map (all fleets or one), the alarm board, a fleet's vehicles, one vehicle. */
export const WallViewSchema = Type.Object({
  kind: Type.Union([Type.Literal('home'), Type.Literal('alarms'), Type.Literal('fleet'), Type.Literal('vehicle')]),
  fleetId: Type.Optional(Id),
  vehicleId: Type.Optional(Id),
  dwellS: Type.Integer({ minimum: 5, maximum: 3600 }),
});
const WallViews = Type.Array(WallViewSchema, { minItems: 1, maxItems: 50 });
/** `link` starts the playlist on a wall (at the server's public origin, as share and display links). */
export const PlaylistSchema = Type.Object({ id: Type.String(), name: Type.String(), views: WallViews, updatedAt: Type.String(), link: Type.String() });
export const PlaylistInputSchema = Type.Object({ name: Name(50), views: WallViews });

/** A wall display's credential as listed: its token is shown once, when issued, and never again. */
export const DisplayTokenSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The one fleet it reads; null for every fleet. */
  fleetId: Nullable(Type.String()),
  fleetName: Nullable(Type.String()),
  createdAt: Type.String(),
  createdBy: Nullable(Type.String()),
  lastSeenAt: Nullable(Type.String()),
  lastSeenAddress: Nullable(Type.String()),
  revokedAt: Nullable(Type.String()),
  /** The playlist assigned to it; null: the wall shows its board (or the playlist its link names). */
  playlistId: Nullable(Type.String()),
  playlistName: Nullable(Type.String()),
});
export const DisplayTokenInputSchema = Type.Object({ name: Name(50), fleetId: Type.Optional(Nullable(Id)) });
/** `link` is the display link to open once on the wall (at the server's public origin, as share links). */
export const IssuedDisplayTokenSchema = Type.Composite([DisplayTokenSchema, Type.Object({ token: Type.String(), link: Type.String() })]);

/** Acknowledging an alarm: the note is optional. */
export const AlarmAckBodySchema = Type.Object({ alarmId: Type.String({ maxLength: 15, pattern: '^[0-9]{1,15}$' }), note: Type.Optional(StoredText(200)) });

/** Jobs an account can be picked for in the fleet, sub-fleet and depot forms. */
export const AccountJobSchema = Type.Union([
  Type.Literal('fleetManager'),
  Type.Literal('serviceEngineer'),
  Type.Literal('subFleetManager'),
  Type.Literal('depotManager'),
]);

export const AccountCandidateSchema = Type.Object({ id: Type.String(), userName: Type.String() });

/** An account on /users/role: `fleets` names the fleets it works in (manages, serves, is a member of). */
export const AccountSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  userName: Type.String(),
  status: Status,
  roleId: Nullable(Type.String()),
  roleName: Type.String(),
  roleKey: Type.String(),
  phone: Type.String(),
  createdAt: Type.String(),
  lastSignInAt: Nullable(Type.String()),
  fleets: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  ...RecordVersion,
});

/** A role: its menu authority (console pages), permissions, manager authority and how many accounts hold it. */
export const RoleSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleKey: Type.String(),
  menu: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  fleetManager: Type.Boolean(),
  subFleetManager: Type.Boolean(),
  builtin: Type.Boolean(),
  users: Type.Integer(),
  ...RecordVersion,
});

/** The pages a role's menu authority may list, grouped as the sidebar shows them. */
export const MenuCatalogueSchema = Type.Array(Type.Object({ group: Type.String(), pages: Type.Array(Type.Object({ component: Type.String(), title: Type.String() })) }));

export const GroupOperationSchema = Type.Union([Type.Literal('firmware'), Type.Literal('setting'), Type.Literal('transfer')]);
const GroupLogStateSchema = Type.Union([Type.Literal('pending'), Type.Literal('updating'), Type.Literal('success'), Type.Literal('failure')]);

export const GroupLogSchema = Type.Object({
  id: Type.String(),
  operation: GroupOperationSchema,
  userId: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  deviceType: DeviceTypeSchema,
  detail: Type.Record(Type.String(), Type.Unknown()),
  createdAt: Type.String(),
  vehicles: Type.Integer(),
  success: Type.Integer(),
  failure: Type.Integer(),
  running: Type.Integer(),
});

export const GroupLogVehicleSchema = Type.Object({
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  deviceId: Type.Integer(),
  state: GroupLogStateSchema,
  progress: Type.Integer(),
  msg: Type.String(),
  updatedAt: Type.String(),
});

export const GroupLogDetailSchema = Type.Composite([GroupLogSchema, Type.Object({ rows: Type.Array(GroupLogVehicleSchema) })]);

const Column = Type.Array(Nullable(Type.Number()));
export const HistorySeriesSchema = Type.Object({
  from: Type.String(),
  to: Type.String(),
  bucketMs: Type.Integer(),
  ts: Type.Array(Type.Number()),
  series: Type.Record(Type.String(), Type.Object({ min: Column, max: Column, avg: Column })),
});

export const SpeedUnitSchema = Type.Union([Type.Literal('km/h'), Type.Literal('mph')]);
export const MileageUnitSchema = Type.Union([Type.Literal('km'), Type.Literal('miles')]);
export const Phone = Type.String({ maxLength: 32, pattern: '^[0-9 +()-]*$' });

export const ProfileSchema = Type.Object({
  email: Type.String(),
  userName: Type.String(),
  phone: Type.String(),
  speedUnit: SpeedUnitSchema,
  mileageUnit: MileageUnitSchema,
  theme: ThemeSchema,
  /** A data: URL, or null without an avatar. */
  avatar: Nullable(Type.String()),
});

/** The fleets and sub-fleets an account is given to manage (/role/alocation/page), beyond those it heads by name. */
export const AccountScopeSchema = Type.Object({
  fleetIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
  subFleetIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
});

const Place = Type.Object({ id: Type.String(), name: Type.String() });

/** An account's scope with what the caller may give it: fleets when its role manages fleets, sub-fleets when it manages sub-fleets. */
export const AccountScopeChoicesSchema = Type.Object({
  ...AccountScopeSchema.properties,
  fleets: Type.Array(Place),
  subFleets: Type.Array(Type.Object({ ...Place.properties, fleetId: Type.String(), fleetName: Type.String() })),
});

/**
 * What the caller may do to a fleet, sub-fleet or depot, decided by the server from the role's
 * permissions and the caller's scope, so the console draws exactly the actions the server allows.
 * `addSubFleet` and `addDepot` are on fleets only.
 */
export const GROUP_ACTIONS = ['edit', 'delete', 'addSubFleet', 'addDepot', 'placeVehicles'] as const;
const GroupActions = Type.Array(Type.Union(GROUP_ACTIONS.map((action) => Type.Literal(action))));

export const FleetSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  status: Status,
  managerId: Nullable(Type.String()),
  managerName: Nullable(Type.String()),
  serviceEngineerId: Nullable(Type.String()),
  serviceEngineerName: Nullable(Type.String()),
  vehicles: Type.Integer(),
  createdAt: Type.String(),
  allowed: GroupActions,
  ...RecordVersion,
});

/** The fields a sub-fleet and a depot share: places inside a fleet, each with its own manager. */
const FLEET_PLACE_FIELDS = {
  id: Type.String(),
  fleetId: Type.String(),
  name: Type.String(),
  status: Status,
  managerId: Nullable(Type.String()),
  managerName: Nullable(Type.String()),
  vehicles: Type.Integer(),
  createdAt: Type.String(),
  allowed: GroupActions,
  ...RecordVersion,
};

export const SubFleetSchema = Type.Object(FLEET_PLACE_FIELDS);

export const DepotSchema = Type.Object({
  ...FLEET_PLACE_FIELDS,
  city: Type.String(),
  lat: Type.Number(),
  lng: Type.Number(),
});

/** A share as its calls answer it: the contract's fields plus what the share screens show. */
export const ShareSchema = Type.Object({
  id: Type.String(),
  account: Type.String(),
  link: Type.String(),
  protection: Type.Integer(),
  /** On, and not past its expiry: the link opens the vehicle. */
  active: Type.Boolean(),
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  createdAt: Type.String(),
  /** When the link stops working by itself; null: until it is closed. */
  expiresAt: Nullable(Type.String()),
});

/** One opening of a share link, or a refused one (wrong password, closed or expired link). */
export const ShareAccessSchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  address: Nullable(Type.String()),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
  detail: Type.String(),
});

/** The server's offline raster tiles (FLEET_TILES_FILE): the rest is there when `available`. */
export const TileInfoSchema = Type.Object({
  available: Type.Boolean(),
  format: Type.Optional(Type.String()),
  minZoom: Type.Optional(Type.Integer()),
  maxZoom: Type.Optional(Type.Integer()),
  attribution: Type.Optional(Type.String()),
  /** [west, south, east, north] in degrees. */
  bounds: Type.Optional(Nullable(Type.Array(Type.Number(), { minItems: 4, maxItems: 4 }))),
});
