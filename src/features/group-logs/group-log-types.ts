import type { DeviceType } from '../../../streams/protocol/types';

export const GROUP_LOG_LIST_PATH = '/customization/grouplog/v1/query/list';
export const GROUP_LOG_DETAIL_PATH = '/customization/grouplog/v1/get/detail';
export const GROUP_LOG_DETAIL_PAGE = '/vehicles/groupLog/logDetail';

export type GroupOperation = 'firmware' | 'setting';
export type GroupLogState = 'pending' | 'updating' | 'success' | 'failure';

export interface GroupLog {
  id: string;
  operation: GroupOperation;
  userName: string | null;
  deviceType: DeviceType;
  detail: Record<string, unknown>;
  createdAt: string;
  vehicles: number;
  success: number;
  failure: number;
  running: number;
}

export interface GroupLogVehicle {
  vehicleId: string;
  vehicleName: string;
  deviceId: number;
  state: GroupLogState;
  progress: number;
  msg: string;
  updatedAt: string;
}

/** What the operation did, in one line: "version 2.4.0" or "ac_mode = cool". */
export function describeOperation(log: Pick<GroupLog, 'operation' | 'detail'>): string {
  if (log.operation === 'firmware') return `Firmware to version ${String(log.detail.version ?? '?')}`;
  const { setting, value } = log.detail;
  if (setting === 'restore_fac') return 'Restore factory defaults';
  return `Setting ${String(setting ?? '?')} = ${String(value ?? '?')}`;
}

export const STATE_PALETTE: Record<GroupLogState, string> = {
  pending: 'gray',
  updating: 'blue',
  success: 'green',
  failure: 'red',
};
