import type { GroupOperation } from '../hub/device-commands';
import type { FleetRepository } from '../platform/database/fleet-repository';
import { groupStepRow } from './group-operation-step';

/** Records a single-vehicle command from the socket as a group-log entry with that one vehicle. */
export const logGroupOperation =
  (repo: FleetRepository, now: () => number) =>
  async (op: GroupOperation): Promise<void> => {
    const ts = now();
    await repo.groupLogs.create(
      {
        operation: op.operation,
        userId: op.actor.kind === 'user' ? op.actor.user.id : null,
        deviceType: op.ref.deviceType,
        detail: op.detail,
        createdAt: ts,
      },
      [groupStepRow(op.operation, op.ref, op, ts)],
    );
  };
