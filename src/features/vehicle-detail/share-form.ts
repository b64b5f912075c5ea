// The vehicle share form (spec: password, active sharing, password protection, plus an optional
// expiry) as plain data: its starting values, its checks and the call it turns into.
import type { Share } from '../../../contract/api/types';
import { toLocalInput } from '../../lib/local-time';
import { password, shareExpiry, validateForm } from '../../lib/validation';

export interface ShareFormValues {
  active: boolean;
  protection: boolean;
  /** Empty keeps the current password of a protected share. */
  password: string;
  expires: boolean;
  /** A `datetime-local` value. */
  expiresAt: string;
}

export type ShareFormErrors = Partial<Record<'password' | 'expiresAt', string>>;

const DAY_MS = 86_400_000;

export function initialShareForm(share: Share | undefined, nowMs: number): ShareFormValues {
  return {
    active: share?.active ?? true,
    protection: share ? share.protection > 0 : true,
    password: '',
    expires: Boolean(share?.active && share.expiresAt),
    expiresAt: toLocalInput(new Date(share?.active && share.expiresAt ? Date.parse(share.expiresAt) : nowMs + 7 * DAY_MS)),
  };
}

/** A protected share keeps its password when the field stays empty; a new protection needs one. */
export function checkShareForm(values: ShareFormValues, share: Share | undefined, nowMs: number): ShareFormErrors {
  const keepsPassword = share !== undefined && share.protection > 0 && values.password === '';
  return validateForm({
    password: values.protection && !keepsPassword ? [() => password(values.password)] : [],
    expiresAt: values.active && values.expires ? [() => shareExpiry(nowMs)(values.expiresAt)] : [],
  });
}

export type ShareRequest =
  | { kind: 'add'; body: { vehicleId: string; protection: number; password?: string; expiresAt: string | null } }
  | { kind: 'update'; body: { account: string; active: boolean; protection: number; password?: string; expiresAt?: string | null } };

/** The call that saves the form: a first share is added, an existing one updated (closing keeps its expiry). */
export function shareRequest(values: ShareFormValues, share: Share | undefined, vehicleId: string): ShareRequest {
  const protection = values.protection ? 1 : 0;
  const secret = values.protection && values.password !== '' ? { password: values.password } : {};
  const expiresAt = values.expires ? new Date(values.expiresAt).toISOString() : null;
  if (!share) return { kind: 'add', body: { vehicleId, protection, ...secret, expiresAt } };
  return {
    kind: 'update',
    body: { account: share.account, active: values.active, protection, ...secret, ...(values.active ? { expiresAt } : {}) },
  };
}

/** Whether saving gives the vehicle a working link it did not have: the 'Shared' moment. */
export const sharesAnew = (values: ShareFormValues, share: Share | undefined): boolean => values.active && !share?.active;
