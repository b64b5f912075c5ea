import { distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import { deviceKey } from '../../../streams/telemetry/device-key';
import type { DeviceLive } from '../../../streams/telemetry/types';
import type { DeviceRef } from '../../../contract/protocol/types';
import type { VehicleState } from '../../../streams/vehicles/types';

/** One device's live picture out of its vehicle's stream, emitted only when that device changed. */
export function deviceLive$(vehicle$: Observable<VehicleState | undefined>, ref: DeviceRef): Observable<DeviceLive> {
  const key = deviceKey(ref.deviceType, ref.deviceId);
  return vehicle$.pipe(
    map((vehicle) => vehicle?.devices[key]),
    filter((device): device is DeviceLive => device !== undefined),
    distinctUntilChanged(),
  );
}
