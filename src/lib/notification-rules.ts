// The silence and mute timing forms' rules, mirroring the server's (contract/entities/silence.ts and
// mute-timing.ts, the silence and mute timing routes): the same limits, said in the product's words.
// Mute timing intervals are typed as Grafana's mute timing form takes them: ranges with a colon
// ("monday:friday, sunday"; "1:7, -1"), times of day as "22:00-24:00, 00:00-06:00".
import { SILENCE_MAX_DAYS } from '../../contract/entities/silence';
import { WEEKDAYS, type MuteInterval, type Weekday } from '../../contract/entities/mute-timing';
import type { Rule } from './validation';

export const NOTIFICATION_MESSAGES = {
  reasonRequired: 'Please enter the reason!',
  reasonTooLong: 'The reason cannot exceed 200 characters!',
  endRequired: 'Please choose when the silence ends!',
  timeInvalid: 'Please enter a valid date and time!',
  endBeforeStart: 'A silence must end after it starts!',
  endPassed: 'A silence must end in the future!',
  tooLong: `A silence lasts at most ${SILENCE_MAX_DAYS} days; for a recurring quiet time add a mute timing!`,
  nameRequired: 'Please enter the name!',
  nameTooLong: 'Name cannot exceed 80 characters!',
  timeZone: 'Please choose a known time zone!',
  weekdays: 'Weekdays are names or ranges of names, e.g. monday:friday, sunday!',
  times: 'Times of day are ranges like 08:00-17:00 (00:00 to 24:00), at most 10!',
  timeOrder: 'Each time range must end after it starts (over midnight: 22:00-24:00, 00:00-06:00)!',
  months: 'Months are 1 to 12 or names, alone or as ranges, e.g. 1:3, december!',
  days: 'Days of the month are 1 to 31, or -1 for the last day, alone or as ranges, e.g. 1:7, -1!',
} as const;

const DAY_MS = 24 * 3600_000;

/** A `datetime-local` value (or any time) in milliseconds; NaN when it is none. */
export const timeOf = (value: string): number => Date.parse(value);

/** When a silence starts: empty is now. */
export const silenceStart: Rule = (value) => (value === '' || Number.isFinite(timeOf(value)) ? null : NOTIFICATION_MESSAGES.timeInvalid);

/** When a silence ends, given when it starts (empty: now): after it, in the future, at most 31 days later. */
export const silenceEnd =
  (startsAt: string, now: number = Date.now()): Rule =>
  (value) => {
    if (value === '') return NOTIFICATION_MESSAGES.endRequired;
    const end = timeOf(value);
    if (!Number.isFinite(end)) return NOTIFICATION_MESSAGES.timeInvalid;
    const start = startsAt === '' ? now : timeOf(startsAt);
    if (Number.isFinite(start) && end <= start) return NOTIFICATION_MESSAGES.endBeforeStart;
    if (end <= now) return NOTIFICATION_MESSAGES.endPassed;
    if (Number.isFinite(start) && end - start > SILENCE_MAX_DAYS * DAY_MS) return NOTIFICATION_MESSAGES.tooLong;
    return null;
  };

/** Why a silence is there: 1 to 200 characters. */
export const silenceReason: Rule = (value) =>
  value.trim() === '' ? NOTIFICATION_MESSAGES.reasonRequired : value.length > 200 ? NOTIFICATION_MESSAGES.reasonTooLong : null;

/** A mute timing's name: 1 to 80 characters. */
export const muteTimingName: Rule = (value) =>
  value.trim() === '' ? NOTIFICATION_MESSAGES.nameRequired : value.trim().length > 80 ? NOTIFICATION_MESSAGES.nameTooLong : null;

/** The time zones this browser knows (the server reads them with the same IANA database). */
export const timeZones = (): string[] => {
  const zones = Intl.supportedValuesOf('timeZone');
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
};

export const knownTimeZone: Rule = (value) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return value === '' ? NOTIFICATION_MESSAGES.timeZone : null;
  } catch {
    return NOTIFICATION_MESSAGES.timeZone;
  }
};

type Parsed<T> = { value: T } | { error: string };

const parts = (text: string) =>
  text
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean);

/** Items or colon ranges of items, in order given, without repeats; `item` reads one (null: not one). */
const rangeList = <T>(text: string, item: (word: string) => number | null, back: (n: number) => T, error: string): Parsed<T[]> => {
  const out: number[] = [];
  for (const part of parts(text)) {
    const range = /^(.+?)\s*:\s*(.+)$/.exec(part);
    const [from, to] = range ? [item(range[1]!), item(range[2]!)] : [item(part), item(part)];
    if (from === null || to === null || to < from) return { error };
    for (let n = from; n <= to; n += 1) if (!out.includes(n)) out.push(n);
  }
  return { value: out.map(back) };
};

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

const integerIn = (word: string, min: number, max: number) => (/^-?\d+$/.test(word) && Number(word) >= min && Number(word) <= max ? Number(word) : null);

export const parseWeekdays = (text: string): Parsed<Weekday[]> =>
  rangeList(
    text,
    (w) => (WEEKDAYS.indexOf(w as Weekday) >= 0 ? WEEKDAYS.indexOf(w as Weekday) : null),
    (n) => WEEKDAYS[n]!,
    NOTIFICATION_MESSAGES.weekdays,
  );

export const parseMonths = (text: string): Parsed<number[]> =>
  rangeList(
    text,
    (w) => (MONTHS.indexOf(w) >= 0 ? MONTHS.indexOf(w) + 1 : integerIn(w, 1, 12)),
    (n) => n,
    NOTIFICATION_MESSAGES.months,
  );

/** Days of the month; 0 is no day (a range over it, -3:3, is refused as the server refuses 0). */
export const parseDays = (text: string): Parsed<number[]> => {
  const days = rangeList(
    text,
    (w) => integerIn(w, -31, 31),
    (n) => n,
    NOTIFICATION_MESSAGES.days,
  );
  return 'value' in days && days.value.includes(0) ? { error: NOTIFICATION_MESSAGES.days } : days;
};

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
const TIME = /^(?:(?:[01][0-9]|2[0-3]):[0-5][0-9]|24:00)$/;

export const parseTimes = (text: string): Parsed<Array<{ start: string; end: string }>> => {
  const ranges: Array<{ start: string; end: string }> = [];
  for (const part of parts(text)) {
    const match = /^(\S+)\s*-\s*(\S+)$/.exec(part);
    const [start, end] = match ? [match[1]!.padStart(5, '0'), match[2]!.padStart(5, '0')] : ['', ''];
    if (!TIME.test(start) || !TIME.test(end)) return { error: NOTIFICATION_MESSAGES.times };
    if (minutes(end) <= minutes(start)) return { error: NOTIFICATION_MESSAGES.timeOrder };
    ranges.push({ start, end });
  }
  return ranges.length > 10 ? { error: NOTIFICATION_MESSAGES.times } : { value: ranges };
};

const ruleOf =
  <T>(parse: (text: string) => Parsed<T>): Rule =>
  (value) => {
    const parsed = parse(value);
    return 'error' in parsed ? parsed.error : null;
  };

export const weekdaysRule = ruleOf(parseWeekdays);
export const timesRule = ruleOf(parseTimes);
export const monthsRule = ruleOf(parseMonths);
export const daysRule = ruleOf(parseDays);

/** The texts of one interval of the form. */
export interface IntervalText {
  weekdays: string;
  times: string;
  months: string;
  days: string;
}

const valueOf = <T>(parsed: Parsed<T>): T => {
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.value;
};

/** An interval as the server takes it: a part left empty is left out (it matches always). */
export const intervalOf = (text: IntervalText): MuteInterval => {
  const weekdays = valueOf(parseWeekdays(text.weekdays));
  const times = valueOf(parseTimes(text.times));
  const months = valueOf(parseMonths(text.months));
  const daysOfMonth = valueOf(parseDays(text.days));
  return {
    ...(weekdays.length ? { weekdays } : {}),
    ...(times.length ? { times } : {}),
    ...(months.length ? { months } : {}),
    ...(daysOfMonth.length ? { daysOfMonth } : {}),
  };
};

/** Consecutive numbers as colon ranges: [1, 2, 3, 7] → "1:3, 7"; `name` writes one. */
const ranges = (values: readonly number[], name: (n: number) => string): string => {
  const sorted = [...values].sort((a, b) => a - b);
  const out: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j += 1;
    out.push(j > i ? `${name(sorted[i]!)}:${name(sorted[j]!)}` : name(sorted[i]!));
    i = j + 1;
  }
  return out.join(', ');
};

/** An interval as the form shows it. */
export const intervalText = (interval: MuteInterval): IntervalText => ({
  weekdays: ranges(
    (interval.weekdays ?? []).map((d) => WEEKDAYS.indexOf(d)),
    (n) => WEEKDAYS[n]!,
  ),
  times: (interval.times ?? []).map((t) => `${t.start}-${t.end}`).join(', '),
  months: ranges(interval.months ?? [], (n) => MONTHS[n - 1]!),
  days: ranges(interval.daysOfMonth ?? [], String),
});

/** An interval in a line, for the list: "monday:friday 22:00-24:00". */
export const intervalSummary = (interval: MuteInterval): string => {
  const text = intervalText(interval);
  const said = [text.weekdays, text.times, text.months, text.days && `days ${text.days}`].filter(Boolean).join(' ');
  return said || 'always';
};
