import type { VehicleStatus } from '../../streams/protocol/types';

/** How each vehicle status looks everywhere: the same colour on counts, map and lists. */
export const STATUS_STYLE: Record<VehicleStatus, { label: string; color: string }> = {
  normal: { label: 'Normal', color: 'green.500' },
  alarm: { label: 'Alarm', color: 'red.500' },
  offline: { label: 'Offline', color: 'gray.400' },
};
