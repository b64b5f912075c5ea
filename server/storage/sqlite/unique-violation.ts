import { StorageConflict } from '../storage-conflict';

const MESSAGES: Array<[RegExp, string]> = [
  [/users\.email/, 'This email is already registered'],
  [/roles\.role_key/, 'This role key is already in use'],
  [/vehicles\.sn/, 'The operation failed. Please recheck the vehicle serial number (SN): it is already registered'],
  [/shares\.account/, 'Share account collision, please retry'],
  [/FOREIGN KEY/, 'This record is still referenced by others'],
];

/** Runs a write, turning SQLite constraint failures into StorageConflict with a readable message. */
export const guardConstraints = <T>(write: () => T): T => {
  try {
    return write();
  } catch (err) {
    const e = err as { code?: string; message?: string };
    if (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT')) {
      const hit = MESSAGES.find(([re]) => re.test(e.message ?? ''));
      throw new StorageConflict(hit ? hit[1] : 'The change conflicts with existing data');
    }
    throw err;
  }
};
