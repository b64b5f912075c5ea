// How the console writes a time, everywhere: lists, details, logs and exports. The spec names no
// format; the console's is the 24-hour ISO-like date, to the second where a record is read in
// detail, to the minute in a list column, and relative ("5 minutes ago") where freshness matters.
import { format, formatDistanceStrict } from 'date-fns';

type When = string | number | Date;
const at = (when: When) => (when instanceof Date ? when : new Date(when));

/** "2026-11-27 08:28:17": details, logs and exported files. */
export const formatDateTime = (when: When): string => format(at(when), 'yyyy-MM-dd HH:mm:ss');

/** "2026-11-27 08:28": a column of a list. */
export const formatListTime = (when: When): string => format(at(when), 'yyyy-MM-dd HH:mm');

/** "08:28", or "08:28:17" with seconds: a time within a day the screen already names. */
export const formatClock = (when: When, seconds = false): string => format(at(when), seconds ? 'HH:mm:ss' : 'HH:mm');

/** "5 minutes ago" (or "5 minutes" without the suffix, for a running duration). */
export const formatAgo = (when: When, nowMs: number = Date.now(), suffix = true): string => formatDistanceStrict(at(when), nowMs, { addSuffix: suffix });

/** A list column's time, or `none` ("Never", "--") when there is none. */
export const listTimeOr = (when: When | null | undefined, none: string): string => (when === null || when === undefined ? none : formatListTime(when));
