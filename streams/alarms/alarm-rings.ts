import { EMPTY, asyncScheduler, distinctUntilChanged, filter, interval, map, merge, scan, switchMap, type Observable, type SchedulerLike } from 'rxjs';
import type { Alarm } from '../../contract/api/types';

/** When a wall sounds: a newly seen unacknowledged alarm, or a reminder while any is unacknowledged. */
export type AlarmRing = { kind: 'new'; alarms: readonly Alarm[] } | { kind: 'reminder' };

/**
 * Rings for a wall from the active alarms: each alarm not acknowledged rings once when first seen, and
 * every `reminderMs` a reminder rings for as long as any stays unacknowledged. Acknowledged alarms
 * (here or on any console) stop the reminder.
 */
export function alarmRings$(active$: Observable<readonly Alarm[]>, reminderMs: number, scheduler: SchedulerLike = asyncScheduler): Observable<AlarmRing> {
  // Not shared: a replayed source gives its current value to each of the two subscriptions.
  const unacknowledged$ = active$.pipe(map((alarms) => alarms.filter((alarm) => !alarm.ack)));
  const fresh$ = unacknowledged$.pipe(
    scan(
      (state, alarms) => {
        const fresh = alarms.filter((alarm) => !state.seen.has(alarm.id));
        // Only ids still unacknowledged are kept, so the set stays as small as the board.
        return { seen: new Set(alarms.map((alarm) => alarm.id)), fresh };
      },
      { seen: new Set<string>(), fresh: [] as Alarm[] },
    ),
    filter(({ fresh }) => fresh.length > 0),
    map(({ fresh }): AlarmRing => ({ kind: 'new', alarms: fresh })),
  );
  const reminders$ = unacknowledged$.pipe(
    map((alarms) => alarms.length > 0),
    distinctUntilChanged(),
    switchMap((any) => (any ? interval(reminderMs, scheduler).pipe(map((): AlarmRing => ({ kind: 'reminder' }))) : EMPTY)),
  );
  return merge(fresh$, reminders$);
}
