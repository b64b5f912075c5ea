import type { GroupOperation } from '../hub/device-commands';
import type { FleetRepository } from '../storage/fleet-repository';

/** Records a single-vehicle command from the socket as a group-log entry with that one vehicle. */
export const logGroupOperation =
  (repo: FleetRepository, now: () => number) =>
  async (op: GroupOperation): Promise<void> => {
    const ts = now();
    const state = !op.ok ? 'failure' : op.operation === 'firmware' ? 'updating' : 'success';
    await repo.groupLogs.create(
      {
        operation: op.operation,
        userId: op.actor.kind === 'user' ? op.actor.user.id : null,
        deviceType: op.ref.deviceType,
        detail: op.detail,
        createdAt: ts,
      },
      [{ vehicleId: op.ref.vehicleId, deviceId: op.ref.deviceId, state, progress: op.ok && op.operation === 'setting' ? 100 : 0, msg: op.msg, updatedAt: ts }],
    );
  };
