import type { BurnState, KeyInfo, LiveValue } from '../../contract/protocol/types';

export interface FirmwareProgress {
  state: BurnState;
  progress: number;
  msg?: string;
  /** Console clock when the progress frame arrived. */
  ts: number;
}

/** The live picture of one device of a vehicle, keyed in `VehicleState.devices` by `deviceKey`. */
export interface DeviceLive {
  values: Readonly<Record<string, LiveValue>>;
  /** Device time of the latest values (epoch ms), 0 before any. */
  ts: number;
  keys?: readonly KeyInfo[];
  version?: string;
  burn?: FirmwareProgress;
}
