import type { DeviceType } from '../../contract/protocol/types';

/** The key of a device within its vehicle: "type:id", e.g. "mppt:1". */
export function deviceKey(deviceType: DeviceType, deviceId: number): string {
  return `${deviceType}:${deviceId}`;
}
