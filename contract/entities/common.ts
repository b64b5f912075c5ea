import { type StringOptions, Type } from '@sinclair/typebox';
import { DEVICE_TYPES, VEHICLE_STATUSES } from '../protocol/types';

// The building blocks of the REST shapes (spec section 5) that every entity file under
// contract/entities uses: field rules the server validates with and the console's types are
// derived from, so the two cannot disagree.

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

export const EntityName = Name(50);

/** Ids are made by the server: printable ASCII without spaces. */
export const Id = Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7E]+$' });

/** Ids the database numbers (alarms, logs, displays, playlists), sent as decimal text. */
export const NumericId = Type.String({ maxLength: 15, pattern: '^[0-9]{1,15}$' });

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

export const Phone = Type.String({ maxLength: 32, pattern: '^[0-9 +()-]*$' });

/** Free text over several lines: no control characters but line breaks and tabs, no lone surrogates. */
export const LongText = (max: number) => Type.String({ maxLength: max, pattern: '^(?:[^\\p{Cc}\\p{Cs}]|[\\n\\r\\t])*$' });

/** The update body's field naming the version its changes were based on; without it the last write wins. */
export const BasedOn = {
  // At most the largest INTEGER of PostgreSQL, where versions are stored.
  version: Type.Optional(Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: 'The version the change was based on; a newer stored one refuses it (409)' })),
};
