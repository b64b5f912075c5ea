// Sign-in, register and "Forgot password?" answer alike for an address with an account and one
// without: neither what comes back nor how long it takes tells which accounts exist.
import bcrypt from 'bcryptjs';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { REGISTRATION_MAIL_SENT } from '../../../contract/protocol/registration-messages';
import { api, login } from '../../test-support/api-client';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let adminToken: string;

beforeAll(async () => {
  t = await startTestServer();
  adminToken = (await login(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).body.data.access_token;
});
afterAll(() => t.stop());
afterEach(() => vi.restoreAllMocks());

const mailTo = (email: string) => t.mail.filter((line) => line.startsWith(`[mail] to=${email} `));
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

describe('register', () => {
  const sendCode = (email: string) => api(t.url, 'POST', '/customization/user/v1/send/code', { body: { email, purpose: 'register' } });
  const register = (email: string, code: string) =>
    api(t.url, 'POST', '/customization/user/v1/add/register', { body: { email, userName: 'Newcomer', password: 'Hello#123', code } });

  it('answers a registered address as a new one, and mails its owner how to sign in instead of a code', async () => {
    const fresh = 'first.time@fleet.test';
    const sentNew = await sendCode(fresh);
    const sentTaken = await sendCode(ADMIN_EMAIL);
    expect(sentNew).toEqual({ status: 200, body: { code: 200, msg: REGISTRATION_MAIL_SENT, data: null } });
    expect(sentTaken).toEqual(sentNew);

    expect(mailTo(fresh)).toEqual([expect.stringMatching(/subject="Fleet Console verification code" Your verification code is \d{6}$/)]);
    const [owner, ...more] = mailTo(ADMIN_EMAIL);
    expect(more).toEqual([]);
    expect(owner).toContain('subject="Fleet Console registration"');
    expect(owner).toContain('Someone asked to register a new Fleet Console account with this address, which already has an account.');
    expect(owner).toContain('follow "Forgot password?"');
    expect(owner).not.toMatch(/\d{6}/);

    // A guessed code is answered alike, and the registered address gives no sign of its account.
    const guessNew = await register(fresh, '000000');
    expect(guessNew.body).toEqual({ code: 400, msg: 'The verification code is wrong', data: null });
    expect(await register(ADMIN_EMAIL, '000000')).toEqual(guessNew);
  });

  it('tells that an address is registered only to whoever holds the code mailed to it', async () => {
    const email = 'second.time@fleet.test';
    await sendCode(email);
    const code = /code is (\d{6})/.exec(mailTo(email).at(-1)!)![1]!;
    expect((await register(email, code)).body).toEqual({ code: 200, msg: 'Registered', data: null });
    expect((await register(email, code)).body.msg).toBe('The verification code has expired, please request a new one');
  });
});

describe('forgot password', () => {
  it('answers a guessed code alike for an address with an account and one without', async () => {
    const reset = (email: string) => api(t.url, 'PUT', '/customization/user/v1/update/reset', { body: { email, code: '000000', password: 'Guess#123' } });
    for (const email of [ADMIN_EMAIL, 'nobody.here@fleet.test']) {
      expect((await api(t.url, 'POST', '/customization/user/v1/send/code', { body: { email, purpose: 'reset' } })).body.msg).toBe('Verification code sent');
    }
    const known = await reset(ADMIN_EMAIL);
    expect(known.body).toEqual({ code: 400, msg: 'The verification code is wrong', data: null });
    expect(await reset('nobody.here@fleet.test')).toEqual(known);
    expect(mailTo('nobody.here@fleet.test')).toEqual([]);
  });
});
