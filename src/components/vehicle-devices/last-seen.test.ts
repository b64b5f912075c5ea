import { describe, expect, it } from 'vitest';
import { lastSeenText, rowLastSeenText } from './last-seen';

const now = Date.UTC(2026, 0, 1, 12);

describe('lastSeenText', () => {
  it('says "just now" while the vehicle reports, and counts the seconds once it is silent', () => {
    expect(lastSeenText(now - 2_000, now, false)).toBe('just now');
    expect(lastSeenText(now - 40_400, now, true)).toBe('40 s ago');
    expect(lastSeenText(now - 5 * 60_000, now, true)).toBe('5 minutes ago');
    expect(lastSeenText(now - 3 * 86_400_000, now, true)).toBe('3 days ago');
    expect(lastSeenText(null, now, true)).toBe('never');
  });

  it('reads a list row by the same rule as the vehicle page', () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(rowLastSeenText(iso(now - 20_000), now)).toBe('just now');
    expect(rowLastSeenText(iso(now - 48_000), now)).toBe('48 s ago');
    expect(rowLastSeenText(iso(now - 5 * 60_000), now)).toBe(lastSeenText(now - 5 * 60_000, now, true));
    expect(rowLastSeenText(null, now)).toBe('never');
  });
});
