import { describe, expect, it } from 'vitest';
import { partialDayStart } from './partial-day';

const range = { from: '2026-11-21T00:00:00.000Z', to: '2026-11-28T00:00:00.000Z' };

describe('partialDayStart', () => {
  it("is today's start when the range reaches today", () => {
    expect(partialDayStart(range, Date.parse('2026-11-27T13:40:00Z'))).toBe(Date.parse('2026-11-27T00:00:00Z'));
  });
  it('is null for a range that has ended or not begun', () => {
    expect(partialDayStart(range, Date.parse('2026-11-28T00:00:00Z'))).toBeNull();
    expect(partialDayStart(range, Date.parse('2026-11-20T23:59:59Z'))).toBeNull();
  });
});
