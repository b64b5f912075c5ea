import type { Observable } from 'rxjs';
import type { DeviceRef, VehicleSelection } from '../../contract/protocol/types';

/** The outcome of a command: the server's acknowledgement (cmd 0), or why there was none. Never an error notification. */
export type Ack = { ok: true; msg?: string } | { ok: false; msg: string; reason: 'rejected' | 'timeout' | 'offline' };

export interface Commands {
  subscribeVehicles(selection: VehicleSelection): Observable<Ack>;
  /** Sends cmd 48 only for vehicles no other subscriber still holds. */
  unsubscribeVehicles(selection: VehicleSelection): Observable<Ack>;
  queryKeys(ref: DeviceRef): Observable<Ack>;
  writeSetting(ref: DeviceRef, setting: string, value: number | string): Observable<Ack>;
  restoreFactoryDefaults(ref: DeviceRef): Observable<Ack>;
  startFirmwareUpdate(ref: DeviceRef, version: string): Observable<Ack>;
}
