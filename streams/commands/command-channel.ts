import { ReplaySubject, filter, map, of, take, timeout, type Observable, type SchedulerLike } from 'rxjs';
import { CMD, type AckFrame, type DeviceRef, type OutgoingFrame } from '../../contract/protocol/types';
import type { SubscriptionRegistry } from './subscription-registry';
import type { Ack, Commands } from './types';

export interface CommandChannelOptions {
  send: (frame: OutgoingFrame) => boolean;
  acks$: Observable<AckFrame>;
  registry: SubscriptionRegistry;
  scheduler: SchedulerLike;
  timeoutMs: number;
}

type Unsequenced<F> = F extends OutgoingFrame ? Omit<F, 'seq'> : never;

const ref = ({ vehicleId, deviceType, deviceId }: DeviceRef): DeviceRef => ({ vehicleId, deviceType, deviceId });

/**
 * Sends each command at once with a fresh `seq` and returns its acknowledgement, replayed to any
 * subscriber; a missing ack becomes `{ ok: false, reason: 'timeout' }` instead of an error.
 */
export function createCommandChannel(options: CommandChannelOptions): Commands {
  let seq = 0;

  const command = (frame: Unsequenced<OutgoingFrame>): Observable<Ack> => {
    seq += 1;
    const mine = seq;
    const ack$$ = new ReplaySubject<Ack>(1);
    const listening = options.acks$
      .pipe(
        filter((ack) => ack.seq === mine),
        take(1),
        map(({ data }): Ack =>
          data.ok ? { ok: true, ...(data.msg === undefined ? {} : { msg: data.msg }) } : { ok: false, msg: data.msg ?? 'rejected', reason: 'rejected' },
        ),
        timeout({ first: options.timeoutMs, scheduler: options.scheduler, with: () => of<Ack>({ ok: false, msg: 'timeout', reason: 'timeout' }) }),
      )
      .subscribe(ack$$);
    if (!options.send({ ...frame, seq: mine } as OutgoingFrame)) {
      listening.unsubscribe();
      return of({ ok: false, msg: 'offline', reason: 'offline' });
    }
    return ack$$.asObservable();
  };

  return {
    subscribeVehicles: (selection) => {
      options.registry.add(selection);
      return command({ cmd: CMD.subscribe, data: selection });
    },
    unsubscribeVehicles: (selection) => {
      const released = options.registry.remove(selection);
      // Vehicles another view still holds stay subscribed; there is nothing to tell the server.
      if (released === null) return of<Ack>({ ok: true });
      return command({ cmd: CMD.unsubscribe, data: released });
    },
    queryKeys: (device) => command({ cmd: CMD.queryKeys, data: ref(device) }),
    writeSetting: (device, setting, value) => command({ cmd: CMD.writeSetting, data: { ...ref(device), setting, value } }),
    restoreFactoryDefaults: (device) => command({ cmd: CMD.writeSetting, data: { ...ref(device), setting: 'restore_fac', value: 1 } }),
    startFirmwareUpdate: (device, version) => command({ cmd: CMD.startFirmwareUpdate, data: { ...ref(device), version } }),
  };
}
