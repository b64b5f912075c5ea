import type { DeviceType } from '../../contract/protocol/types';

const REASONS: Partial<Record<DeviceType, string[]>> = {
  bms: ['temperature sensor lost contact', 'cell voltage measurement error', 'balancing circuit fault'],
  dcdc: ['input under-voltage', 'over-temperature shutdown', 'output relay failure'],
  mppt: ['PV input over-voltage', 'over-temperature shutdown', 'PV reverse polarity detected'],
  inv: ['overload shutdown', 'over-temperature shutdown', 'AC output short circuit'],
  watertank: ['level sensor lost contact', 'level sensor reading out of range'],
};

/** Why a device faulted, picked by index from its kind's list. */
export function faultReason(deviceType: DeviceType, index: number): string {
  const list = REASONS[deviceType] ?? ['internal error'];
  return list[index % list.length]!;
}
