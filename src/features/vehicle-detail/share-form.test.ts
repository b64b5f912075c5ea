import { describe, expect, it } from 'vitest';
import type { Share } from '../../../contract/api/types';
import { toLocalInput } from '../../lib/local-time';
import { checkShareForm, initialShareForm, shareRequest, sharesAnew } from './share-form';

const now = new Date('2026-06-01T12:00:00Z').getTime();
const share: Share = {
  id: 'share-1',
  account: 'acc-1234567890abcdef',
  link: 'http://console/share?tk=acc-1234567890abcdef',
  protection: 1,
  active: true,
  vehicleId: 'veh-1',
  vehicleName: 'Van 1',
  createdAt: '2026-05-01T00:00:00.000Z',
  expiresAt: null,
};

describe('share form', () => {
  it('starts a first share on, protected, without expiry', () => {
    expect(initialShareForm(undefined, now)).toMatchObject({ active: true, protection: true, password: '', expires: false });
  });

  it("asks for a password under the spec's rules when protection is new, and keeps the current one otherwise", () => {
    const values = { ...initialShareForm(undefined, now), password: '' };
    expect(checkShareForm(values, undefined, now)).toEqual({ password: 'Please enter password!' });
    expect(checkShareForm({ ...values, password: 'abc' }, undefined, now)).toEqual({ password: 'Password cannot be less than 6 digits!' });
    expect(checkShareForm({ ...values, password: 'abcdefghijklm' }, undefined, now)).toEqual({
      password: 'Input cannot be empty and must not exceed 12 characters!',
    });
    expect(checkShareForm(values, share, now)).toEqual({});
    expect(checkShareForm({ ...values, protection: false }, undefined, now)).toEqual({});
    expect(checkShareForm(values, { ...share, protection: 0 }, now)).toEqual({ password: 'Please enter password!' });
  });

  it('checks the expiry only while the share is on and expires', () => {
    const past = toLocalInput(new Date(now - 60_000));
    const values = { ...initialShareForm(share, now), expires: true, expiresAt: past };
    expect(checkShareForm(values, share, now)).toEqual({ expiresAt: 'The expiry time must be in the future!' });
    expect(checkShareForm({ ...values, active: false }, share, now)).toEqual({});
  });

  it('adds a first share, updates an existing one, and closing leaves the expiry alone', () => {
    const values = { ...initialShareForm(undefined, now), password: 'Guest#12' };
    expect(shareRequest(values, undefined, 'veh-1')).toEqual({
      kind: 'add',
      body: { vehicleId: 'veh-1', protection: 1, password: 'Guest#12', expiresAt: null },
    });
    const expiring = { ...values, expires: true, expiresAt: '2026-06-02T08:30' };
    expect(shareRequest(expiring, share, 'veh-1')).toEqual({
      kind: 'update',
      body: { account: share.account, active: true, protection: 1, password: 'Guest#12', expiresAt: new Date('2026-06-02T08:30').toISOString() },
    });
    expect(shareRequest({ ...expiring, active: false, password: '' }, share, 'veh-1')).toEqual({
      kind: 'update',
      body: { account: share.account, active: false, protection: 1 },
    });
  });

  it("says 'Shared' when the vehicle gets a working link", () => {
    const values = initialShareForm(undefined, now);
    expect(sharesAnew(values, undefined)).toBe(true);
    expect(sharesAnew(values, { ...share, active: false })).toBe(true);
    expect(sharesAnew(values, share)).toBe(false);
  });
});
