import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LIMITS } from '../../platform/auth/code-limits';
import { SIGN_IN_THROTTLE } from '../../platform/auth/sign-in-throttle';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CLIENT_BASIC, startTestServer, type TestServer } from '../../test-support/test-server';

const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.5';
const TOO_MANY = 'Too many attempts, please try again later';

let t: TestServer;
let clock = Date.UTC(2026, 10, 1);
let adminToken: string;

/** A sign-in from a given client address, at the server's injected clock. */
const signIn = async (address: string, username: string, password: string, grant_type: 'password' | 'share' = 'password') => {
  const res = await t.server.app.inject({
    method: 'POST',
    url: '/api/oauth/token',
    remoteAddress: address,
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
    payload: { username, password, grant_type },
  });
  return res.json() as { code: number; msg: string; data: { access_token: string } | null };
};

/** A call to the account API from a given client address. */
const call = async (address: string, method: 'POST' | 'PUT', url: string, payload: object) => {
  const res = await t.server.app.inject({ method, url: `/api/customization/user/v1/${url}`, remoteAddress: address, payload });
  return res.json() as { code: number; msg: string };
};

beforeAll(async () => {
  t = await startTestServer({}, () => clock);
  adminToken = (await signIn(OWNER, ADMIN_EMAIL, ADMIN_PASSWORD)).data!.access_token;
});
afterAll(() => t.stop());

describe('sign-in limits cannot lock the owner out', () => {
  it('an attacker guessing from one address is slowed down; the owner at another address signs in at once', async () => {
    const email = 'owner@fleet.test';
    const created = await t.server.app.inject({
      method: 'POST',
      url: '/api/customization/account/v1/add/single',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { email, userName: 'Owner', password: 'Owner#123', status: 'active', roleId: 'role-operator' },
    });
    expect(created.json().code).toBe(200);
    const answers = [];
    for (let i = 0; i < 12; i++) answers.push((await signIn(ATTACKER, i % 2 ? email.toUpperCase() : email, `Guess#${i}00`)).msg);
    expect(answers.slice(0, 3)).toEqual(['Password error !', 'Password error !', 'Password error !']);
    expect(answers.slice(3)).toEqual(Array(9).fill(TOO_MANY));

    expect((await signIn(OWNER, 'Owner@Fleet.Test', 'Owner#123')).code).toBe(200);
    // Even the right password waits while the attacker's delay runs, and is checked once it is over.
    expect((await signIn(ATTACKER, email, 'Owner#123')).msg).toBe(TOO_MANY);
    clock += 2_000;
    expect((await signIn(ATTACKER, email, 'Owner#123')).code).toBe(200);
  });

  it('the same holds for share passwords, per share and address', async () => {
    const add = await t.server.app.inject({
      method: 'POST',
      url: '/api/customization/share/v1/add/single',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { vehicleId: 'veh-00003', protection: 1, password: 'Guest#12' },
    });
    const { account } = add.json().data as { account: string };
    const answers = [];
    for (let i = 0; i < 10; i++) answers.push((await signIn(ATTACKER, account, `Wrong#${i}`, 'share')).msg);
    expect(answers).toEqual([...Array(3).fill('Password error !'), ...Array(7).fill(TOO_MANY)]);
    expect((await signIn(ATTACKER, account, 'Guest#12', 'share')).msg).toBe(TOO_MANY);
    expect((await signIn(OWNER, account, 'Guest#12', 'share')).code).toBe(200);
  });

  it('an address failing across many accounts is refused until the window passes', async () => {
    clock += SIGN_IN_THROTTLE.maxDelayMs;
    for (let i = 0; i < SIGN_IN_THROTTLE.addressLimit; i++) await signIn(ATTACKER, `nobody${i}@fleet.test`, 'Guess#123');
    expect((await signIn(ATTACKER, ADMIN_EMAIL, ADMIN_PASSWORD)).msg).toBe(TOO_MANY);
    expect((await signIn(OWNER, ADMIN_EMAIL, ADMIN_PASSWORD)).code).toBe(200);
    clock += SIGN_IN_THROTTLE.addressWindowMs + 1;
    expect((await signIn(ATTACKER, ADMIN_EMAIL, ADMIN_PASSWORD)).code).toBe(200);
  });
});

describe('"Forgot password?" limits cannot lock the owner out', () => {
  const email = 'forgetful@fleet.test';
  const askCode = (address: string) => call(address, 'POST', 'send/code', { email, purpose: 'reset' });
  const reset = (address: string, code: string) => call(address, 'PUT', 'update/reset', { email, code, password: 'Fresh#123' });
  const mailed = () => t.mail.filter((line) => line.startsWith(`[mail] to=${email} `));
  const lastCode = () => /code is (\d{6})/.exec(mailed().at(-1) ?? '')?.[1] ?? '';
  /** Asks from `address` until it is refused (or 20 times); the answers. */
  const askUntilRefused = async (address: string) => {
    const answers = [];
    do answers.push((await askCode(address)).msg);
    while (answers.at(-1) !== TOO_MANY && answers.length < 20);
    return answers;
  };

  beforeAll(async () => {
    clock += SIGN_IN_THROTTLE.maxDelayMs;
    const created = await t.server.app.inject({
      method: 'POST',
      url: '/api/customization/account/v1/add/single',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { email, userName: 'Forgetful', password: 'Owner#123', status: 'active', roleId: 'role-operator' },
    });
    expect(created.json().code).toBe(200);
  });

  it('codes asked for from one address stop at its own limit; the owner elsewhere still gets one', async () => {
    expect(await askUntilRefused(ATTACKER)).toEqual([...Array(CODE_LIMITS.sendsPerAddress).fill('Verification code sent'), TOO_MANY]);
    const before = mailed().length;
    expect((await askCode(OWNER)).msg).toBe('Verification code sent');
    expect(mailed()).toHaveLength(before + 1);
    expect((await reset(OWNER, lastCode())).code).toBe(200);
  });

  it("wrong codes from one address stop at its own limit and leave the owner's code valid", async () => {
    clock += CODE_LIMITS.guessWindowMs;
    await askCode(OWNER);
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = [];
    for (let i = 0; i <= CODE_LIMITS.guessesPerAddress; i++) answers.push((await reset(ATTACKER, wrong)).msg);
    expect(answers).toEqual([...Array(CODE_LIMITS.guessesPerAddress).fill('The verification code is wrong'), TOO_MANY]);
    // Refused at its limit, the address cannot try the right code either.
    expect((await reset(ATTACKER, code)).msg).toBe(TOO_MANY);
    expect(await reset(OWNER, code)).toMatchObject({ code: 200, msg: 'Password reset' });
  });

  it('many addresses together meet the ceilings per email address, which hold until the window passes', async () => {
    clock += CODE_LIMITS.guessWindowMs;
    const flood = Array.from({ length: 8 }, (_, i) => `192.0.2.${i + 1}`);
    const before = mailed().length;
    for (const address of flood) await askUntilRefused(address);
    expect(mailed().length - before).toBe(CODE_LIMITS.sendsPerEmail);
    expect((await askCode(OWNER)).msg).toBe(TOO_MANY);

    clock += CODE_LIMITS.sendWindowMs;
    await askCode(OWNER);
    const code = lastCode();
    const wrong = code === '000000' ? '000001' : '000000';
    let wrongAnswers = 0;
    for (const address of flood) {
      for (let i = 0; i < CODE_LIMITS.guessesPerAddress; i++) if ((await reset(address, wrong)).msg === 'The verification code is wrong') wrongAnswers++;
    }
    expect(wrongAnswers).toBe(CODE_LIMITS.guessesPerEmail);
    expect((await reset(OWNER, code)).msg).toBe(TOO_MANY);

    clock += CODE_LIMITS.guessWindowMs;
    await askCode(OWNER);
    expect((await reset(OWNER, lastCode())).code).toBe(200);
  });
});
