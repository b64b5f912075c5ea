import { useEffect, useRef, useState, type RefObject } from 'react';
import { filter, map } from 'rxjs';
import { useObservable, useSubscription } from 'observable-hooks';
import { alarmRings$, type AlarmRing } from '../../../streams/alarms/alarm-rings';
import type { Alarm } from '../../../contract/api/types';
import { useServices } from '../../lib/services';

export type SoundState = 'on' | 'muted' | 'blocked';

/**
 * Sounds the shipped alarm on a new unacknowledged alarm and every `alarmReminderMs` (config.json) until all are
 * acknowledged, unless muted; a new alarm also raises a browser notification where permitted.
 * `blocked`: the browser refused to play before anyone touched the page (its autoplay rule).
 */
export function useAlarmEscalation(audio: RefObject<HTMLAudioElement | null>, muted: boolean): { sound: SoundState; allowSound(): void } {
  const { console: fleetConsole, config } = useServices();
  const [blocked, setBlocked] = useState(false);
  const mutedRef = useRef(muted);
  mutedRef.current = muted;
  const rings$ = useObservable(() =>
    alarmRings$(
      fleetConsole.fleet.activeAlarms$.pipe(
        filter((loadable) => loadable.data !== undefined && loadable.status !== 'loading'),
        map((loadable) => loadable.data!.rows),
      ),
      config.alarmReminderMs,
    ),
  );
  const play = () => {
    const element = audio.current;
    if (!element) return;
    element.currentTime = 0;
    element.play().then(
      () => setBlocked(false),
      (error: unknown) => setBlocked(error instanceof DOMException && error.name === 'NotAllowedError'),
    );
  };
  useSubscription(rings$, (ring: AlarmRing) => {
    if (!mutedRef.current) play();
    if (ring.kind === 'new') notify(ring.alarms);
  });
  // Muting stops a sound that is playing now.
  useEffect(() => {
    if (muted) audio.current?.pause();
  }, [muted, audio]);
  return { sound: muted ? 'muted' : blocked ? 'blocked' : 'on', allowSound: play };
}

function notify(alarms: readonly Alarm[]): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const [first] = alarms;
  if (!first) return;
  const title = alarms.length === 1 ? `Alarm: ${first.vehicleName}` : `${alarms.length} new alarms`;
  new Notification(title, { body: first.message, tag: `fleet-alarm-${first.id}` });
}
