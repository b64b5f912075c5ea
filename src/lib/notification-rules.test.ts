import { describe, expect, it } from 'vitest';
import {
  intervalOf,
  intervalSummary,
  intervalText,
  knownTimeZone,
  muteTimingName,
  NOTIFICATION_MESSAGES as M,
  parseDays,
  parseMonths,
  parseTimes,
  parseWeekdays,
  silenceEnd,
  silenceReason,
  silenceStart,
} from './notification-rules';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const at = (iso: string) => new Date(Date.parse(iso)).toISOString();

describe('silence rules (as the silence routes)', () => {
  it('end after the start, in the future, and at most 31 days after the start (empty start: now)', () => {
    expect(silenceEnd('', NOW)('')).toBe(M.endRequired);
    expect(silenceEnd('', NOW)('not a time')).toBe(M.timeInvalid);
    expect(silenceEnd('', NOW)(at('2026-11-27T14:00:00Z'))).toBeNull();
    expect(silenceEnd(at('2026-11-28T10:00:00Z'), NOW)(at('2026-11-28T09:00:00Z'))).toBe(M.endBeforeStart);
    expect(silenceEnd(at('2026-11-20T10:00:00Z'), NOW)(at('2026-11-27T11:00:00Z'))).toBe(M.endPassed);
    expect(silenceEnd('', NOW)(at('2026-12-28T12:00:00Z'))).toBeNull();
    expect(silenceEnd('', NOW)(at('2026-12-28T12:01:00Z'))).toBe(M.tooLong);
    expect(M.tooLong).toContain('at most 31 days');
  });
  it('take an empty start as now, and a reason of 1 to 200 characters', () => {
    expect(silenceStart('')).toBeNull();
    expect(silenceStart('soon')).toBe(M.timeInvalid);
    expect(silenceReason('  ')).toBe(M.reasonRequired);
    expect(silenceReason('x'.repeat(201))).toBe(M.reasonTooLong);
    expect(silenceReason('Depot power works')).toBeNull();
  });
});

describe('mute timing rules (as the mute timing routes)', () => {
  it('name 1 to 80 characters in a known time zone', () => {
    expect(muteTimingName('')).toBe(M.nameRequired);
    expect(muteTimingName('n'.repeat(81))).toBe(M.nameTooLong);
    expect(knownTimeZone('Europe/Berlin')).toBeNull();
    expect(knownTimeZone('Mars/Olympus')).toBe(M.timeZone);
  });
  it('read weekday, month and day ranges with a colon, and refuse what the server refuses', () => {
    expect(parseWeekdays('Monday:Wednesday, sunday')).toEqual({ value: ['monday', 'tuesday', 'wednesday', 'sunday'] });
    expect(parseWeekdays('friday:monday')).toEqual({ error: M.weekdays });
    expect(parseMonths('1:3, december')).toEqual({ value: [1, 2, 3, 12] });
    expect(parseMonths('13')).toEqual({ error: M.months });
    expect(parseDays('1:3, -1')).toEqual({ value: [1, 2, 3, -1] });
    expect(parseDays('0')).toEqual({ error: M.days });
    expect(parseDays('-2:2')).toEqual({ error: M.days });
  });
  it('take times of day that end after they start, up to 24:00, at most 10', () => {
    expect(parseTimes('22:00-24:00, 0:00-06:00')).toEqual({
      value: [
        { start: '22:00', end: '24:00' },
        { start: '00:00', end: '06:00' },
      ],
    });
    expect(parseTimes('22:00-06:00')).toEqual({ error: M.timeOrder });
    expect(parseTimes('25:00-26:00')).toEqual({ error: M.times });
    expect(parseTimes(Array.from({ length: 11 }, (_, i) => `${String(i).padStart(2, '0')}:00-${String(i).padStart(2, '0')}:30`).join(','))).toEqual({ error: M.times });
  });
  it('write an interval back as the form shows it, and leave empty parts out', () => {
    const interval = intervalOf({ weekdays: 'saturday:sunday', times: '', months: '', days: '1:5, -1' });
    expect(interval).toEqual({ weekdays: ['saturday', 'sunday'], daysOfMonth: [1, 2, 3, 4, 5, -1] });
    expect(intervalText(interval)).toEqual({ weekdays: 'saturday:sunday', times: '', months: '', days: '-1, 1:5' });
    expect(intervalSummary({ weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], times: [{ start: '22:00', end: '24:00' }] })).toBe(
      'monday:friday 22:00-24:00',
    );
    expect(intervalSummary({})).toBe('always');
  });
});
