import { BehaviorSubject, Subject, distinctUntilChanged, map, type Observable, type SchedulerLike } from 'rxjs';
import type { Alarm, VehicleSnapshot } from '../api/types';
import type { DeviceRef, DropReason, IncomingFrame, KeyInfo } from '../protocol/types';
import { deviceField } from '../telemetry/device-stream';
import type { FirmwareProgress } from '../telemetry/types';
import { coalescePerFrame } from './coalesce-per-frame';
import { FleetStore, type FlushResult } from './fleet-store';
import { keyedStreams } from './keyed-streams';
import type { AlarmEvent, FleetSummary, VehicleState } from './types';

export interface FleetStateOptions {
  now: () => number;
  scheduler: SchedulerLike;
  frameMs: number;
  drop: (reason: DropReason) => void;
}

export interface FleetState {
  summary$: Observable<FleetSummary>;
  vehicles$: Observable<ReadonlyMap<string, VehicleState>>;
  vehicle$(id: string): Observable<VehicleState | undefined>;
  alarms$: Observable<readonly AlarmEvent[]>;
  firmware$(ref: DeviceRef): Observable<FirmwareProgress | undefined>;
  keys$(ref: DeviceRef): Observable<readonly KeyInfo[] | undefined>;
  apply(frame: IncomingFrame): void;
  replace(rows: readonly VehicleSnapshot[]): void;
  setAlarmList(alarms: readonly Alarm[]): void;
  markStale(): void;
  reset(): void;
}

const EMPTY_SUMMARY: FleetSummary = {
  total: 0,
  normal: 0,
  alarm: 0,
  offline: 0,
  byFleet: {},
  bySubFleet: {},
  byDepot: {},
  stale: false,
};

/** The fleet store behind streams that publish at most once per animation frame. */
export function createFleetState(options: FleetStateOptions): FleetState {
  const store = new FleetStore(options.now, options.drop);
  const vehicles$$ = new BehaviorSubject<ReadonlyMap<string, VehicleState>>(new Map());
  const summary$$ = new BehaviorSubject<FleetSummary>(EMPTY_SUMMARY);
  const alarms$$ = new BehaviorSubject<readonly AlarmEvent[]>([]);
  const changed$$ = new Subject<void>();
  let scheduled = false;

  const publish = (result: FlushResult | null): void => {
    if (!result) return;
    vehicles$$.next(result.vehicles);
    if (result.summary) summary$$.next(result.summary);
    if (result.alarms) alarms$$.next(result.alarms);
  };

  changed$$.pipe(coalescePerFrame(options.scheduler, options.frameMs)).subscribe(() => {
    scheduled = false;
    publish(store.flush());
  });

  // Tell the frame clock once per frame, not once per socket frame.
  const changed = (): void => {
    if (scheduled || !store.pending) return;
    scheduled = true;
    changed$$.next();
  };

  const vehicles = keyedStreams((id) =>
    vehicles$$.pipe(
      map((all) => all.get(id)),
      distinctUntilChanged(),
    ),
  );
  const firmware = keyedStreams((key) => {
    const [vehicleId, deviceType, deviceId] = JSON.parse(key) as [string, DeviceRef['deviceType'], number];
    return deviceField(vehicles.get(vehicleId), { vehicleId, deviceType, deviceId }, 'burn');
  });
  const keyLists = keyedStreams((key) => {
    const [vehicleId, deviceType, deviceId] = JSON.parse(key) as [string, DeviceRef['deviceType'], number];
    return deviceField(vehicles.get(vehicleId), { vehicleId, deviceType, deviceId }, 'keys');
  });
  const refKey = (ref: DeviceRef): string => JSON.stringify([ref.vehicleId, ref.deviceType, ref.deviceId]);

  return {
    summary$: summary$$.asObservable(),
    vehicles$: vehicles$$.asObservable(),
    vehicle$: (id) => vehicles.get(id),
    alarms$: alarms$$.asObservable(),
    firmware$: (ref) => firmware.get(refKey(ref)),
    keys$: (ref) => keyLists.get(refKey(ref)),
    apply: (frame) => {
      store.apply(frame);
      changed();
    },
    replace: (rows) => {
      store.replace(rows);
      changed();
    },
    setAlarmList: (alarms) => {
      store.setAlarmList(alarms);
      changed();
    },
    markStale: () => {
      store.markStale();
      changed();
    },
    reset: () => {
      store.reset();
      changed();
    },
  };
}
