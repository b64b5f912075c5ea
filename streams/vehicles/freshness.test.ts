import { describe, expect, it } from 'vitest';
import { freshnessAt } from './freshness';

describe('freshnessAt', () => {
  it('calls a vehicle silent after three of its reporting intervals without a frame, never sooner than 5 s', () => {
    const slow = { lastSeenMs: 0, reportIntervalMs: 10_000 };
    expect(freshnessAt(slow, 30_000).silent).toBe(false);
    expect(freshnessAt(slow, 30_001).silent).toBe(true);
    const fast = { lastSeenMs: 0, reportIntervalMs: 500 };
    expect(freshnessAt(fast, 5_000).silent).toBe(false);
    expect(freshnessAt(fast, 5_001).silent).toBe(true);
  });

  it('assumes a 10 s interval for a vehicle heard from once, and calls one never seen silent', () => {
    expect(freshnessAt({ lastSeenMs: 0, reportIntervalMs: 0 }, 29_000).silent).toBe(false);
    expect(freshnessAt({ lastSeenMs: 0, reportIntervalMs: 0 }, 31_000).silent).toBe(true);
    expect(freshnessAt({ lastSeenMs: null, reportIntervalMs: 0 }, 0).silent).toBe(true);
  });
});
