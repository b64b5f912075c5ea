// How a live device value reads on screen: null (invalid) as "--", numbers with as many decimals
// as their size deserves, states by the spec's device state names.
import { DEVICE_STATES, type KeyKind, type LiveValue } from '../../contract/protocol/types';

export const NO_VALUE = '--';

/** With `decimals` (a key's precision, see key-precision) exactly that many; otherwise as many as the size deserves. */
export function formatNumber(value: number, decimals?: number): string {
  if (!Number.isFinite(value)) return NO_VALUE;
  if (decimals !== undefined) return value.toFixed(decimals);
  if (Number.isInteger(value)) return String(value);
  return String(Number(value.toFixed(Math.abs(value) >= 100 ? 1 : 2)));
}

/**
 * `convert` turns a number into the display unit (see lib/units). A state arrives as its name; a
 * device that reports it as an index into the spec's list is read the same way.
 */
export function formatDeviceValue(value: LiveValue | undefined, kind: KeyKind, convert: (n: number) => number = (n) => n, decimals?: number): string {
  if (value === null || value === undefined || value === '') return NO_VALUE;
  if (kind === 'state') {
    if (typeof value === 'number') return DEVICE_STATES[value] ?? String(value);
    return value;
  }
  if (typeof value === 'number') return formatNumber(convert(value), decimals);
  return value;
}
