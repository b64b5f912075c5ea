import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../lib/validation';
import { CHOOSE_BOTH_DATES, resolveRange } from './history-range';

const at = Date.parse('2026-03-10T12:00:00Z');

describe('resolveRange', () => {
  it('ends a quick range at the moment it was chosen and keeps it live', () => {
    expect(resolveRange({ kind: 'quick', id: '24h', chosenAt: at })).toEqual({
      range: { from: new Date(at - 86_400_000), to: new Date(at), live: true, spanMs: 86_400_000 },
    });
  });

  it('accepts a custom range of exactly 31 days and does not stream into it', () => {
    const from = new Date('2026-02-01T00:00:00Z');
    const to = new Date('2026-03-04T00:00:00Z');
    const result = resolveRange({ kind: 'custom', from, to });
    expect(result).toEqual({ range: { from, to, live: false, spanMs: 31 * 86_400_000 } });
  });

  it('refuses a custom range over 31 days or ending before it starts, with the spec message', () => {
    expect(resolveRange({ kind: 'custom', from: new Date('2026-02-01T00:00:00Z'), to: new Date('2026-03-04T00:00:01Z') })).toEqual({
      error: MESSAGES.dateRange,
    });
    expect(resolveRange({ kind: 'custom', from: new Date(at), to: new Date(at - 1) })).toEqual({ error: MESSAGES.dateRangeOrder });
  });

  it('asks for both dates when one is missing', () => {
    expect(resolveRange({ kind: 'custom', from: new Date(''), to: new Date(at) })).toEqual({ error: CHOOSE_BOTH_DATES });
  });
});
