/** A write refused by a uniqueness or reference rule (duplicate S/N, e-mail, role key, name; row still in use). */
export class StorageConflict extends Error {}

/**
 * A write based on a version of the row that is no longer the stored one (someone saved meanwhile),
 * or of a row that is gone.
 */
export class StaleRecord extends Error {}

/** What each backend says when a write breaks a rule, by the rule. */
export const CONFLICT_MESSAGES = {
  email: 'This email is already registered',
  roleKey: 'This role key is already in use',
  sn: 'The operation failed. Please recheck the vehicle serial number (SN): it is already registered',
  shareAccount: 'Share account collision, please retry',
  fleetName: 'name: A fleet with this name already exists',
  subFleetName: 'name: This fleet already has a sub-fleet with this name',
  depotName: 'name: This fleet already has a depot with this name',
  roleName: 'name: A role with this name already exists',
  referenced: 'This record is still referenced by others',
  other: 'The change conflicts with existing data',
} as const;
