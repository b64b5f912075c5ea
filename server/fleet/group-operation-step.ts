import type { DeviceType } from '../../contract/protocol/types';
import { vehicleChange } from '../hub/record-change';
import type { ServerContext } from '../server-context';
import type { GroupLogVehicle, GroupOperationKind } from '../modules/group-logs/group-log-store';

export interface GroupStepRef {
  vehicleId: string;
  deviceType: DeviceType;
  deviceId: number;
}

export type GroupStepRow = Omit<GroupLogVehicle, 'vehicleName'>;

/** The placement a transfer moves vehicles to, as its log's detail keeps it. */
export interface TransferTarget {
  fleetId: string;
  subFleetId: string | null;
  depotId: string | null;
}

export const transferTargetOf = (detail: Record<string, unknown>): TransferTarget => ({
  fleetId: String(detail.fleetId),
  subFleetId: typeof detail.subFleetId === 'string' ? detail.subFleetId : null,
  depotId: typeof detail.depotId === 'string' ? detail.depotId : null,
});

/** Moves one vehicle; the caller refreshes the sockets' scopes once the whole group has moved. */
const transfer = async (ctx: ServerContext, vehicleId: string, target: TransferTarget): Promise<{ ok: boolean; msg?: string }> => {
  const vehicle = await ctx.repo.vehicles.get(vehicleId);
  if (!vehicle) return { ok: false, msg: 'Vehicle not found' };
  const next = { ...vehicle, ...target };
  await ctx.repo.vehicles.update(next);
  ctx.directory.set(next);
  ctx.sync.recordChanged(vehicleChange(next));
  return { ok: true };
};

/**
 * One vehicle's part of a group operation, run from the operation's detail (at the start and on a
 * retry), and the log row it leaves: a firmware burn goes on `updating` until cmd 149 reports, a
 * setting or a transfer is done at once; a refusal is a failure with the reason.
 */
export const runGroupStep = async (ctx: ServerContext, operation: GroupOperationKind, detail: Record<string, unknown>, ref: GroupStepRef): Promise<GroupStepRow> => {
  // Firmware and settings go to whichever process owns the vehicle, over the bus.
  const result =
    operation === 'firmware'
      ? await ctx.bus.request({ op: 'firmware', ref, version: String(detail.version) })
      : operation === 'setting'
        ? await ctx.bus.request({ op: 'setting', ref, setting: String(detail.setting), value: detail.value as number | string })
        : await transfer(ctx, ref.vehicleId, transferTargetOf(detail));
  return groupStepRow(operation, ref, result, ctx.now());
};

/** The log row a vehicle's step leaves: a firmware burn runs on, anything else is done at once. */
export const groupStepRow = (
  operation: GroupOperationKind,
  ref: Pick<GroupStepRef, 'vehicleId' | 'deviceId'>,
  result: { ok: boolean; msg?: string },
  ts: number,
): GroupStepRow => {
  const state = !result.ok ? 'failure' : operation === 'firmware' ? 'updating' : 'success';
  return { vehicleId: ref.vehicleId, deviceId: ref.deviceId, state, progress: state === 'success' ? 100 : 0, msg: result.msg ?? '', updatedAt: ts };
};
