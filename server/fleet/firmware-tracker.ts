import { CMD } from '../../streams/protocol/types';
import type { FleetSimulator } from '../sim/types';
import type { FleetRepository } from '../storage/fleet-repository';

/** Follows firmware burns (149) into group logs and new versions (97) into the device table. */
export const trackFirmware = (sim: Pick<FleetSimulator, 'onFrame'>, repo: FleetRepository): (() => void) =>
  sim.onFrame((frame) => {
    if (frame.cmd === CMD.firmwareBurn) {
      const { state, progress, msg, vehicleId, deviceType, deviceId } = frame.data;
      void repo.groupLogs.progress({ vehicleId, deviceType, deviceId }, state, progress, msg ?? '', Date.now());
    } else if (frame.cmd === CMD.vehicleVersion) {
      const { vehicleId, deviceType, deviceId, version } = frame.data;
      void repo.vehicles.setDeviceVersion({ vehicleId, deviceType, deviceId }, version);
    }
  });
