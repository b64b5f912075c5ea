/** A write refused by a uniqueness or reference rule (duplicate S/N, e-mail, role key; row still in use). */
export class StorageConflict extends Error {}
