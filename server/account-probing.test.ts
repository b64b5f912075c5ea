// Sign-in answers alike for an address with an account and one without: neither what comes back
// nor how long it takes tells which accounts exist.
import bcrypt from 'bcryptjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { api, login } from './test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await startTestServer();
  adminToken = (await login(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.data.access_token;
});
afterAll(() => t.stop());
afterEach(() => vi.restoreAllMocks());

const cost = (hash: string) => /^\$2[aby]\$(\d\d)\$/.exec(hash)?.[1];

describe('sign-in', () => {
  it('checks a password against a hash of the same cost whether the account is unknown, exists or is disabled', async () => {
    const email = 'disabled.driver@fleet.test';
    const created = await api(t.url, 'POST', '/customization/account/v1/add/single', {
      token: adminToken,
      body: { email, userName: 'Disabled', password: 'Driver#12', status: 'disabled', roleId: 'role-operator' },
    });
    expect(created.body.code).toBe(200);
    const compare = vi.spyOn(bcrypt, 'compare');
    const checked = async (username: string, password: string) => {
      compare.mockClear();
      const answer = (await login(t.url, username, password)).body;
      return { answer: { code: answer.code, msg: answer.msg }, checks: compare.mock.calls.map(([, hash]) => cost(hash)) };
    };

    const unknown = await checked('nobody@fleet.test', 'Guess#123');
    const wrong = await checked(ADMIN_EMAIL, 'Guess#123');
    expect(unknown).toEqual({ answer: { code: 400, msg: 'Password error !' }, checks: ['10'] });
    expect(wrong).toEqual(unknown);
    // A disabled account's password is checked before its state is told, and only to the password's owner.
    expect(await checked(email, 'Guess#123')).toEqual(unknown);
    expect(await checked(email, 'Driver#12')).toEqual({ answer: { code: 403, msg: 'This account has been disabled' }, checks: ['10'] });
  });
});
