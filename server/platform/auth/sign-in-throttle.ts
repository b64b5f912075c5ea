import { AttemptLimiter } from './attempt-limiter';

export interface SignInThrottleOptions {
  /** Failures of one account from one address before it must wait between attempts. */
  freeFailures: number;
  maxDelayMs: number;
  /** Failures from one address, on any account, within the window before the address is refused. */
  addressLimit: number;
  addressWindowMs: number;
  /** A pair that has not failed for this long starts afresh. */
  forgetMs: number;
}

export const SIGN_IN_THROTTLE: SignInThrottleOptions = {
  freeFailures: 3,
  maxDelayMs: 15 * 60_000,
  addressLimit: 30,
  addressWindowMs: 5 * 60_000,
  forgetMs: 24 * 3600_000,
};

/** Wrong passwords on one share link, from any addresses, before the link refuses attempts for a while. */
export const SHARE_LINK_FAILURES = { limit: 20, windowMs: 15 * 60_000 };

interface PairFailures {
  count: number;
  lastMs: number;
}

/**
 * Brute-force protection for sign-in that cannot be turned against an account's owner. Failures
 * count per account and client address: past the free ones, each makes that pair wait twice as long
 * (2 s, 4 s, … up to the cap) before its next attempt is checked. Other addresses are not slowed by
 * them, so a correct password from an address that has not been failing always gets through. An
 * address failing across many accounts is refused at the per-address cap.
 */
export class SignInThrottle {
  private readonly pairs = new Map<string, PairFailures>();
  private readonly addresses: AttemptLimiter;
  private lastSweepMs = 0;

  constructor(private readonly opts: SignInThrottleOptions = SIGN_IN_THROTTLE) {
    this.addresses = new AttemptLimiter(opts.addressLimit, opts.addressWindowMs);
  }

  /** Whether an attempt on `account` from `address` may be checked now. */
  allows(account: string, address: string, nowMs: number): boolean {
    if (this.addresses.blocked(address, nowMs)) return false;
    const pair = this.pairs.get(pairKey(account, address));
    return !pair || nowMs >= pair.lastMs + this.delayMs(pair.count);
  }

  fail(account: string, address: string, nowMs: number): void {
    this.sweep(nowMs);
    const key = pairKey(account, address);
    this.pairs.set(key, { count: (this.pairs.get(key)?.count ?? 0) + 1, lastMs: nowMs });
    this.addresses.fail(address, nowMs);
  }

  succeed(account: string, address: string): void {
    this.pairs.delete(pairKey(account, address));
  }

  private delayMs(failures: number): number {
    if (failures < this.opts.freeFailures) return 0;
    return Math.min(2 ** (failures - this.opts.freeFailures + 1) * 1000, this.opts.maxDelayMs);
  }

  private sweep(nowMs: number): void {
    if (nowMs - this.lastSweepMs < 60_000) return;
    this.lastSweepMs = nowMs;
    for (const [key, pair] of this.pairs) if (nowMs - pair.lastMs > this.opts.forgetMs) this.pairs.delete(key);
  }
}

const pairKey = (account: string, address: string) => `${account}\n${address}`;
