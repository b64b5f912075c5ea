import { BehaviorSubject, Subject, distinctUntilChanged, map, type Observable, type SchedulerLike } from 'rxjs';
import type { VehicleSnapshot } from '../../contract/api/types';
import type { DeviceRef, DropReason, IncomingFrame, KeyInfo } from '../../contract/protocol/types';
import { deviceField } from '../telemetry/device-stream';
import type { FirmwareProgress } from '../telemetry/types';
import { coalescePerFrame } from './coalesce-per-frame';
import { EMPTY_FLEET, FleetStore, type FlushResult } from './column-store/fleet-store';
import { keyedStreams } from './keyed-streams';
import type { AlarmEvent, FleetSnapshot, FleetSummary, VehicleState } from './types';

export interface FleetStateOptions {
  now: () => number;
  scheduler: SchedulerLike;
  frameMs: number;
  drop: (reason: DropReason) => void;
  /**
   * A vehicle the fleet does not know reported while no snapshot is awaited: the console may ask for
   * one (`awaitSnapshot`) right away, and the frame is then held for it rather than dropped.
   */
  onUnknownVehicle?: () => void;
}

export interface FleetState {
  summary$: Observable<FleetSummary>;
  vehicles$: Observable<FleetSnapshot>;
  vehicle$(id: string): Observable<VehicleState | undefined>;
  /** Alarms raised or cleared by live frames, per publish; not replayed. */
  alarmChanges$: Observable<readonly AlarmEvent[]>;
  firmware$(ref: DeviceRef): Observable<FirmwareProgress | undefined>;
  keys$(ref: DeviceRef): Observable<readonly KeyInfo[] | undefined>;
  apply(frame: IncomingFrame): void;
  /** Replaces the fleet with a fresh snapshot, then applies the frames held while it was awaited. */
  replace(rows: readonly VehicleSnapshot[]): void;
  /** A snapshot is on its way: frames for vehicles not known yet are held until it lands. */
  awaitSnapshot(): void;
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

/** Frames held for vehicles a snapshot has not brought yet; beyond this, the oldest half is dropped. */
export const HELD_FRAME_LIMIT = 100_000;

/** The fleet store behind streams that publish at most once per animation frame. */
export function createFleetState(options: FleetStateOptions): FleetState {
  const store = new FleetStore(options.now);
  const vehicles$$ = new BehaviorSubject<FleetSnapshot>(EMPTY_FLEET);
  const summary$$ = new BehaviorSubject<FleetSummary>(EMPTY_SUMMARY);
  const alarmChanges$$ = new Subject<readonly AlarmEvent[]>();
  const changed$$ = new Subject<void>();
  let scheduled = false;
  let awaitingSnapshot = false;
  let held: IncomingFrame[] = [];

  const hold = (frame: IncomingFrame): void => {
    if (!awaitingSnapshot) options.onUnknownVehicle?.();
    if (!awaitingSnapshot) {
      options.drop('unknown-vehicle');
      return;
    }
    if (held.length === HELD_FRAME_LIMIT) {
      // The older half goes at once, so a long wait costs no more per frame than a short one.
      const dropped = HELD_FRAME_LIMIT / 2;
      held = held.slice(dropped);
      for (let i = 0; i < dropped; i += 1) options.drop('unknown-vehicle');
    }
    held.push(frame);
  };

  const publish = (result: FlushResult | null): void => {
    if (!result) return;
    vehicles$$.next(result.vehicles);
    if (result.summary) summary$$.next(result.summary);
    if (result.alarmChanges) alarmChanges$$.next(result.alarmChanges);
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
    alarmChanges$: alarmChanges$$.asObservable(),
    firmware$: (ref) => firmware.get(refKey(ref)),
    keys$: (ref) => keyLists.get(refKey(ref)),
    apply: (frame) => {
      if (store.apply(frame)) changed();
      else hold(frame);
    },
    replace: (rows) => {
      store.replace(rows);
      awaitingSnapshot = false;
      const frames = held;
      held = [];
      for (const frame of frames) if (!store.apply(frame)) options.drop('unknown-vehicle');
      changed();
    },
    awaitSnapshot: () => {
      awaitingSnapshot = true;
    },
    markStale: () => {
      store.markStale();
      changed();
    },
    reset: () => {
      awaitingSnapshot = false;
      held = [];
      store.reset();
      changed();
    },
  };
}
