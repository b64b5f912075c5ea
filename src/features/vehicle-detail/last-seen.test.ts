import { describe, expect, it } from 'vitest';
import { lastSeenText } from './last-seen';

const now = Date.parse('2026-05-01T12:00:00Z');

describe('lastSeenText', () => {
  it('reads recent frames as just now and older ones relative to now', () => {
    expect(lastSeenText(now - 5_000, now)).toBe('just now');
    expect(lastSeenText(now - 5 * 60_000, now)).toBe('5 minutes ago');
    expect(lastSeenText(now - 3 * 86_400_000, now)).toBe('3 days ago');
    expect(lastSeenText(null, now)).toBe('never');
  });
});
