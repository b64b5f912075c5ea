import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE } from './auth/sign-in-throttle';
import { ADMIN_EMAIL, ADMIN_PASSWORD, CLIENT_BASIC, startTestServer, type TestServer } from './test-support/test-server';

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
