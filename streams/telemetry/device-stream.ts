import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { DeviceRef } from '../../contract/protocol/types';
import type { VehicleState } from '../vehicles/types';
import { deviceKey } from './device-key';
import type { DeviceLive } from './types';

/** One field of one device's live picture (firmware progress, key list…), emitted when it changes. */
export function deviceField<K extends keyof DeviceLive>(vehicle$: Observable<VehicleState | undefined>, ref: DeviceRef, field: K): Observable<DeviceLive[K] | undefined> {
  const key = deviceKey(ref.deviceType, ref.deviceId);
  return vehicle$.pipe(
    map((vehicle) => vehicle?.devices[key]?.[field]),
    distinctUntilChanged(),
  );
}
