import { describe, expect, it } from 'vitest';
import { SIGN_IN_THROTTLE, SignInThrottle } from './sign-in-throttle';

const ATTACKER = '198.51.100.7';
const OWNER = '203.0.113.5';

const failTimes = (throttle: SignInThrottle, n: number, account: string, address: string, nowMs: number) => {
  for (let i = 0; i < n; i++) throttle.fail(account, address, nowMs);
};

describe('sign-in throttle', () => {
  it('lets the first failures retry at once, then doubles the wait per failure up to the cap', () => {
    const throttle = new SignInThrottle();
    const t0 = 1_000_000;
    failTimes(throttle, 2, 'password:owner@fleet.test', ATTACKER, t0);
    expect(throttle.allows('password:owner@fleet.test', ATTACKER, t0)).toBe(true);
    const waits = [2_000, 4_000, 8_000];
    let now = t0;
    for (const wait of waits) {
      throttle.fail('password:owner@fleet.test', ATTACKER, now);
      expect(throttle.allows('password:owner@fleet.test', ATTACKER, now + wait - 1)).toBe(false);
      expect(throttle.allows('password:owner@fleet.test', ATTACKER, now + wait)).toBe(true);
      now += wait;
    }
    failTimes(throttle, 20, 'password:owner@fleet.test', ATTACKER, now);
    expect(throttle.allows('password:owner@fleet.test', ATTACKER, now + SIGN_IN_THROTTLE.maxDelayMs - 1)).toBe(false);
    expect(throttle.allows('password:owner@fleet.test', ATTACKER, now + SIGN_IN_THROTTLE.maxDelayMs)).toBe(true);
  });

  it("does not slow another address down for the attacker's failures", () => {
    const throttle = new SignInThrottle();
    failTimes(throttle, 10, 'password:owner@fleet.test', ATTACKER, 5_000);
    expect(throttle.allows('password:owner@fleet.test', ATTACKER, 5_000)).toBe(false);
    expect(throttle.allows('password:owner@fleet.test', OWNER, 5_000)).toBe(true);
  });

  it('a success clears only its own pair', () => {
    const throttle = new SignInThrottle();
    failTimes(throttle, 5, 'password:owner@fleet.test', ATTACKER, 0);
    failTimes(throttle, 5, 'password:owner@fleet.test', OWNER, 0);
    throttle.succeed('password:owner@fleet.test', OWNER);
    expect(throttle.allows('password:owner@fleet.test', OWNER, 0)).toBe(true);
    expect(throttle.allows('password:owner@fleet.test', ATTACKER, 0)).toBe(false);
  });

  it('refuses an address that fails across many accounts, within the window', () => {
    const throttle = new SignInThrottle();
    for (let i = 0; i < SIGN_IN_THROTTLE.addressLimit; i++) throttle.fail(`password:user${i}@fleet.test`, ATTACKER, 0);
    expect(throttle.allows('password:someone-else@fleet.test', ATTACKER, 0)).toBe(false);
    expect(throttle.allows('password:someone-else@fleet.test', OWNER, 0)).toBe(true);
    expect(throttle.allows('password:someone-else@fleet.test', ATTACKER, SIGN_IN_THROTTLE.addressWindowMs + 1)).toBe(true);
  });

  it('forgets a pair that has not failed for a day', () => {
    const throttle = new SignInThrottle();
    failTimes(throttle, 12, 'password:owner@fleet.test', ATTACKER, 0);
    const later = SIGN_IN_THROTTLE.forgetMs + 1;
    throttle.fail('password:other@fleet.test', OWNER, later);
    throttle.fail('password:owner@fleet.test', ATTACKER, later);
    expect(throttle.allows('password:owner@fleet.test', ATTACKER, later)).toBe(true);
  });
});
