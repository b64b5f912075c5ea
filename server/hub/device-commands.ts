import { PERMISSIONS } from '../../contract/api/permissions';
import { CMD, type DeviceRef } from '../../contract/protocol/types';
import { can, type Actor } from '../access/actor';
import { canSeeVehicle } from '../access/can-see-vehicle';
import type { FleetBus } from '../platform/bus/fleet-bus';
import type { VehicleDirectory } from '../fleet/vehicle-directory';
import { deviceRefOf } from './frame-guard';
import type { DeviceCommandHandler } from './socket-hub';

export interface GroupOperation {
  actor: Actor;
  operation: 'firmware' | 'setting';
  ref: DeviceRef;
  detail: Record<string, unknown>;
  ok: boolean;
  msg: string;
}

export interface DeviceCommandDeps {
  bus: FleetBus;
  directory: VehicleDirectory;
  record: (op: GroupOperation) => Promise<void>;
}

/** Commands 66 (key list), 86 (write a setting) and 100 (firmware update) for one session. */
export const createDeviceCommands =
  ({ bus, directory, record }: DeviceCommandDeps): DeviceCommandHandler =>
  async (actor, frame, reply) => {
    if (frame.cmd !== CMD.queryKeys && frame.cmd !== CMD.writeSetting && frame.cmd !== CMD.startFirmwareUpdate) {
      return null;
    }
    const ref = deviceRefOf(frame.data);
    if (!ref) return { ok: false, msg: 'Expected vehicleId, deviceType and deviceId' };
    const placement = directory.get(ref.vehicleId);
    if (!placement || !canSeeVehicle(actor, placement)) return { ok: false, msg: 'No access to this vehicle' };
    if (frame.cmd === CMD.queryKeys) {
      const answer = await bus.request({ op: 'keys', ref });
      if (!answer.ok || !answer.keys) return { ok: false, msg: answer.msg ?? 'No such device' };
      reply({ cmd: CMD.keyList, data: { ...ref, keys: answer.keys } });
      return { ok: true };
    }
    if (frame.cmd === CMD.writeSetting) {
      if (!can(actor, PERMISSIONS.vehicleSettings)) return { ok: false, msg: 'Your role may not change settings' };
      const { setting, value } = frame.data;
      if (typeof setting !== 'string' || setting === '' || (typeof value !== 'number' && typeof value !== 'string')) {
        return { ok: false, msg: 'Expected setting (string) and value (number or string)' };
      }
      const result = await bus.request({ op: 'setting', ref, setting, value });
      await record({ actor, operation: 'setting', ref, detail: { setting, value }, ok: result.ok, msg: result.msg ?? '' });
      return result;
    }
    if (!can(actor, PERMISSIONS.vehicleFirmware)) return { ok: false, msg: 'Your role may not update firmware' };
    const { version } = frame.data;
    if (typeof version !== 'string' || version === '') return { ok: false, msg: 'Expected version (string)' };
    const result = await bus.request({ op: 'firmware', ref, version });
    await record({ actor, operation: 'firmware', ref, detail: { version }, ok: result.ok, msg: result.msg ?? '' });
    return result;
  };
