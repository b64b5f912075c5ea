import type { FleetSimulator } from '../../sim/types';
import { vehicleOf, type DeviceRequestHandler } from './fleet-bus';

/**
 * Answers device requests from the fleet model this process runs (the single node, or the simulator
 * acting as gateways). A vehicle is watched live while any node's sessions watch it.
 */
export const ownDevices = (sim: FleetSimulator, now: () => number): DeviceRequestHandler => {
  const watchers = new Map<string, Set<string>>();
  return async (req) => {
    const vehicleId = vehicleOf(req);
    if (!sim.has(vehicleId)) return null;
    switch (req.op) {
      case 'keys': {
        const keys = sim.keys(req.ref);
        return keys ? { ok: true, keys } : { ok: false, msg: 'No such device' };
      }
      case 'setting':
        return sim.writeSetting(req.ref, req.setting, req.value, now());
      case 'firmware':
        return sim.startFirmwareUpdate(req.ref, req.version, now());
      case 'force-status':
        sim.forceStatus(vehicleId, req.status, now());
        return { ok: true };
      case 'silence':
        sim.silence(vehicleId, req.silent, now());
        return { ok: true };
      case 'live': {
        const nodes = watchers.get(vehicleId) ?? new Set<string>();
        if (req.live) nodes.add(req.node);
        else nodes.delete(req.node);
        if (nodes.size > 0) watchers.set(vehicleId, nodes);
        else watchers.delete(vehicleId);
        sim.setLive(vehicleId, nodes.size > 0);
        return { ok: true };
      }
    }
  };
};
