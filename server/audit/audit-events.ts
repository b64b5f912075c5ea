/** Every kind of event the audit log records. */
export const AUDIT_EVENTS = [
  'sign-in',
  'share.sign-in',
  /** The account's own change, with the old password. */
  'password.changed',
  /** With a mailed code. */
  'password.reset',
  /** By an administrator. */
  'password.set',
  'account.created',
  'account.role-changed',
  'account.status-changed',
  'account.deleted',
  /** The account's own change, with a code mailed to the new address. */
  'account.email-changed',
  /** The fleets and sub-fleets an account is given (/role/alocation/page). */
  'account.scope-changed',
  'role.created',
  'role.changed',
  'role.deleted',
  'share.created',
  'share.protection-changed',
  'share.closed',
  'share.reissued',
  'share.deleted',
  /** Wall display tokens: issued, given a playlist and revoked by super.admin; a wall signing in with one. */
  'display-token.issued',
  'display-token.playlist',
  'display-token.revoked',
  'display.sign-in',
] as const;

export type AuditEvent = (typeof AUDIT_EVENTS)[number];
