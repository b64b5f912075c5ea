import { describe, expect, it } from 'vitest';
import { firesIn } from './countdown';

const NOW = Date.parse('2026-11-23T10:00:00Z');
const MIN = 60_000;

describe('pre-alarm countdown', () => {
  it('says hours and minutes, rounding up to the minute', () => {
    expect(firesIn(NOW + (3 * 60 + 12) * MIN, NOW)).toBe('fires in 3 h 12 min');
    expect(firesIn(NOW + 60 * MIN - 1000, NOW)).toBe('fires in 1 h 0 min');
    expect(firesIn(NOW + 59 * MIN + 1, NOW)).toBe('fires in 1 h 0 min');
    expect(firesIn(NOW + 5 * MIN, NOW)).toBe('fires in 5 min');
  });

  it('a period already over fires at the next evaluation', () => {
    expect(firesIn(NOW - MIN, NOW)).toBe('fires at the next check');
  });
});
