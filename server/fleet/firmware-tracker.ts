import { CMD } from '../../contract/protocol/types';
import type { FleetSimulator } from '../sim/types';
import type { FleetRepository } from '../platform/database/fleet-repository';
import type { DeviceVersion } from '../modules/vehicles/vehicle-store';
import { flushEvery } from './periodic-flush';

/**
 * Follows firmware burns (149) into group logs and new versions (97) into the device table. Versions
 * are written in one statement per flush: a fleet of gateways coming up reports every device's
 * version at once. Returns a stop function that writes what is still pending.
 */
export const trackFirmware = (sim: Pick<FleetSimulator, 'onFrame'>, repo: FleetRepository, flushMs = 500): (() => Promise<void>) => {
  /** The latest version per device, keyed by vehicle, type and id. */
  let versions = new Map<string, DeviceVersion>();
  const flush = async () => {
    if (versions.size === 0) return;
    const batch = [...versions.values()];
    versions = new Map();
    await repo.vehicles.setDeviceVersions(batch);
  };
  const off = sim.onFrame((frame) => {
    if (frame.cmd === CMD.firmwareBurn) {
      const { state, progress, msg, vehicleId, deviceType, deviceId } = frame.data;
      void repo.groupLogs.progress({ vehicleId, deviceType, deviceId }, state, progress, msg ?? '', Date.now());
    } else if (frame.cmd === CMD.vehicleVersion) {
      const { vehicleId, deviceType, deviceId, version } = frame.data;
      versions.set(`${vehicleId}/${deviceType}/${deviceId}`, { vehicleId, deviceType, deviceId, version });
    }
  });
  return flushEvery(flushMs, flush, off);
};
