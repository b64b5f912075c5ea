import type { GroupLog, GroupLogState } from '../../../contract/api/types';

/** What the operation did, in one line: "Firmware to version 2.4.0", "Transfer to Fleet / Depot". */
export function describeOperation(log: Pick<GroupLog, 'operation' | 'detail'>): string {
  if (log.operation === 'firmware') return `Firmware to version ${String(log.detail.version ?? '?')}`;
  if (log.operation === 'transfer') return `Transfer to ${String(log.detail.to ?? log.detail.fleetId ?? '?')}`;
  const { setting, value } = log.detail;
  if (setting === 'restore_fac') return 'Restore factory defaults';
  return `Setting ${String(setting ?? '?')} = ${String(value ?? '?')}`;
}

/** How many vehicles succeeded, failed and are still pending: "2 succeeded, 1 failed, 0 pending". */
export function describeOutcome(log: Pick<GroupLog, 'success' | 'failure' | 'running'>): string {
  return `${log.success} succeeded, ${log.failure} failed, ${log.running} pending`;
}

/** The words a vehicle's row shows: a burn in progress is still pending for the person reading. */
export const STATE_LABEL: Record<GroupLogState, string> = {
  pending: 'pending',
  updating: 'pending (updating)',
  success: 'succeeded',
  failure: 'failed',
};

export const STATE_PALETTE: Record<GroupLogState, string> = {
  pending: 'gray',
  updating: 'blue',
  success: 'green',
  failure: 'red',
};
