import { CMD } from '../../../contract/protocol/types';
import { resolveActor } from '../../access/resolve-actor';
import type { FleetBus } from '../bus/fleet-bus';
import type { LiveMirror } from '../bus/live-mirror';
import { syncNodes } from '../bus/node-sync';
import { logGroupOperation } from '../../fleet/group-operation-log';
import { SilenceWatch } from '../../fleet/silence-watch';
import type { VehicleDirectory } from '../../fleet/vehicle-directory';
import { createDeviceCommands } from '../../hub/device-commands';
import { SocketHub } from '../../hub/socket-hub';
import { PrealarmStatus } from '../../prealarms/prealarm-status';
import type { FleetSimulator } from '../../sim/types';
import type { FleetRepository } from '../database/fleet-repository';

interface LivePipelineParts {
  repo: FleetRepository;
  bus: FleetBus;
  directory: VehicleDirectory;
  /** The cluster's mirror of the bus, or null: this node's own model is the live fleet. */
  mirror: LiveMirror | null;
  sim: FleetSimulator | null;
  now: () => number;
  prealarmEvaluationMs: number;
}

/**
 * The way frames travel to the consoles: from the bus (or the mirror) through the silence watch, which
 * reports silent vehicles offline, and the pre-alarm status, which puts vehicles with a fired pre-alarm
 * in alarm, to the socket hub; and the node sync that keeps other nodes' sessions and placements in step.
 */
export const wireLivePipeline = ({ repo, bus, directory, mirror, sim, now, prealarmEvaluationMs }: LivePipelineParts) => {
  const prealarmStatus = new PrealarmStatus(mirror ?? (sim as FleetSimulator), repo, (vehicleId) => {
    const status = live.status(vehicleId);
    if (status) hub.publish({ cmd: CMD.vehicleStatus, data: status });
  });
  const live = new SilenceWatch(prealarmStatus, now, (frame) => hub.publish(prealarmStatus.frame(frame)));
  const hub = new SocketHub({
    directory,
    now,
    setLive: (vehicleId, watched) => void bus.request({ op: 'live', vehicleId, live: watched, node: bus.nodeId }),
    currentFrames: (id) => {
      const status = live.status(id);
      const values = live.devices(id).flatMap((d) => {
        const latest = live.latest({ vehicleId: id, ...d });
        return latest ? [{ cmd: CMD.values, data: latest }] : [];
      });
      return status ? [{ cmd: CMD.vehicleStatus, data: status }, ...values] : values;
    },
    resolve: async (wsKey) => resolveActor(repo, await repo.sessions.byWsKey(wsKey), now()),
    deviceCommands: createDeviceCommands({ bus, directory, record: logGroupOperation(repo, now) }),
  });
  const sync = syncNodes({ bus, hub, repo, directory, live, now });
  const stops: Array<() => unknown> = [sync.stop];
  stops.push(bus.onFrames((frames) => (mirror ? mirror.take(frames) : frames.forEach((f) => live.take(f)))));
  if (mirror) stops.push(mirror.onFrame((frame) => live.take(frame)));
  stops.push(live.start(), prealarmStatus.start(prealarmEvaluationMs));
  return { live, prealarmStatus, hub, sync, stops };
};
