import { describe, expect, it } from 'vitest';
import { formatAgo, formatClock, formatDateTime, formatListTime, listTimeOr } from './date-format';

// Local time, as a person's browser shows it.
const when = new Date(2026, 10, 27, 8, 6, 17);

describe('date-format', () => {
  it('writes every time in the one 24-hour format, to the second or the minute', () => {
    expect(formatDateTime(when)).toBe('2026-11-27 08:06:17');
    expect(formatDateTime(when.toISOString())).toBe('2026-11-27 08:06:17');
    expect(formatListTime(when.getTime())).toBe('2026-11-27 08:06');
    expect(formatClock(when)).toBe('08:06');
    expect(formatClock(when, true)).toBe('08:06:17');
  });
  it('says "never" or a dash for a time that is not there', () => {
    expect(listTimeOr(null, 'Never')).toBe('Never');
    expect(listTimeOr(when.toISOString(), 'Never')).toBe('2026-11-27 08:06');
  });
  it('says how long ago, or how long, where freshness matters', () => {
    expect(formatAgo(when, when.getTime() + 5 * 60_000)).toBe('5 minutes ago');
    expect(formatAgo(when, when.getTime() + 2 * 3_600_000, false)).toBe('2 hours');
  });
});
