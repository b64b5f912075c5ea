import { CONFLICT_MESSAGES, StorageConflict } from '../storage-conflict';

const MESSAGES: Array<[RegExp, string]> = [
  [/users\.email/, CONFLICT_MESSAGES.email],
  [/roles\.role_key/, CONFLICT_MESSAGES.roleKey],
  [/vehicles\.sn|vehicles_sn_normalised/, CONFLICT_MESSAGES.sn],
  [/shares\.account/, CONFLICT_MESSAGES.shareAccount],
  [/\bfleets_name_normalised/, CONFLICT_MESSAGES.fleetName],
  [/sub_fleets_name_normalised/, CONFLICT_MESSAGES.subFleetName],
  [/depots_name_normalised/, CONFLICT_MESSAGES.depotName],
  [/roles_name_normalised/, CONFLICT_MESSAGES.roleName],
  [/FOREIGN KEY/, CONFLICT_MESSAGES.referenced],
];

/** Runs a write, turning SQLite constraint failures into StorageConflict with a readable message. */
export const guardConstraints = <T>(write: () => T): T => {
  try {
    return write();
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT')) {
      const hit = MESSAGES.find(([re]) => re.test(e.message ?? ''));
      throw new StorageConflict(hit ? hit[1] : CONFLICT_MESSAGES.other);
    }
    throw err;
  }
};
