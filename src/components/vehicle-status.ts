import type { VehicleStatus } from '../../contract/protocol/types';

/**
 * How each vehicle status looks everywhere: the same colour on counts, map and lists. Theme tokens
 * that are readable as text on the page in both themes.
 */
export const STATUS_STYLE: Record<VehicleStatus, { label: string; color: string }> = {
  normal: { label: 'Normal', color: 'green.fg' },
  alarm: { label: 'Alarm', color: 'red.fg' },
  offline: { label: 'Offline', color: 'fg.muted' },
};
