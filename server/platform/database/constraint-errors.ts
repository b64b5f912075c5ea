import { CONFLICT_MESSAGES, StorageConflict } from './storage-conflict';

/** A broken rule, by the name SQLite's message or PostgreSQL's constraint gives it. */
const RULES: Array<[RegExp, string]> = [
  [/users\.email|^users_email$/, CONFLICT_MESSAGES.email],
  [/roles\.role_key|^roles_role_key_key$/, CONFLICT_MESSAGES.roleKey],
  [/vehicles\.sn|vehicles_sn_normalised|^vehicles_sn_key$/, CONFLICT_MESSAGES.sn],
  [/shares\.account|^shares_account_key$/, CONFLICT_MESSAGES.shareAccount],
  [/(^|[^_])fleets_name_normalised/, CONFLICT_MESSAGES.fleetName],
  [/sub_fleets_name_normalised/, CONFLICT_MESSAGES.subFleetName],
  [/depots_name_normalised/, CONFLICT_MESSAGES.depotName],
  [/roles_name_normalised/, CONFLICT_MESSAGES.roleName],
];

const conflict = (rule: string) => new StorageConflict(RULES.find(([re]) => re.test(rule))?.[1] ?? CONFLICT_MESSAGES.other);

/**
 * A write that broke a uniqueness or reference rule as StorageConflict with the product's words, from
 * either database (SQLite's SQLITE_CONSTRAINT_*, PostgreSQL's class 23); anything else as it came.
 */
export const asStorageConflict = (err: unknown): unknown => {
  const e = err as { code?: unknown; message?: string; constraint?: string };
  if (typeof e.code !== 'string') return err;
  if (e.code.startsWith('SQLITE_CONSTRAINT')) {
    return e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' ? new StorageConflict(CONFLICT_MESSAGES.referenced) : conflict(e.message ?? '');
  }
  if (/^23[0-9A-Z]{3}$/.test(e.code)) {
    return e.code === '23503' ? new StorageConflict(CONFLICT_MESSAGES.referenced) : conflict(e.constraint ?? '');
  }
  return err;
};
