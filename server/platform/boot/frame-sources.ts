import { alarmIdentityKey, recordAlarms } from '../../alarms/alarm-recorder';
import { ownDevices } from '../bus/device-owner';
import type { FleetBus } from '../bus/fleet-bus';
import type { ServerConfig } from '../../config';
import { trackFirmware } from '../../fleet/firmware-tracker';
import { keepModelState, resumeFleet } from '../../fleet/model-state';
import type { VehicleDirectory } from '../../fleet/vehicle-directory';
import { MqttBridge } from '../../ingest/mqtt-bridge';
import type { FleetSimulator, SimFrame, SimVehicleSpec } from '../../sim/types';
import type { FleetRepository } from '../database/fleet-repository';
import { type HistoryWindow, warmUpFleet } from '../../telemetry/history-backfill';

interface FrameSourceParts {
  config: ServerConfig;
  repo: FleetRepository;
  bus: FleetBus;
  directory: VehicleDirectory;
  sim: FleetSimulator | null;
  specs: SimVehicleSpec[];
  /** A first start with history to fill: the model is warmed over the window instead of resumed. */
  backfilling: boolean;
  history: HistoryWindow;
  now: () => number;
  log: (line: string) => void;
}

/**
 * Where frames enter the cluster: this process's model, and gateways on the MQTT broker. Alarms,
 * firmware logs and versions are written once, here, before the frames go out on the bus.
 */
export const connectFrameSources = async ({ config, repo, bus, directory, sim, specs, backfilling, history, now, log }: FrameSourceParts) => {
  const stops: Array<() => unknown> = [];
  const publishFrame = (frame: SimFrame) => bus.publishFrames(directory.get(frame.data.vehicleId)?.fleetId ?? '', [frame]);
  const bridge = config.mqttUrl
    ? await MqttBridge.connect({
        url: config.mqttUrl,
        prefix: config.mqttPrefix,
        nodeId: bus.nodeId,
        vehicleIdOf: (sn) => directory.vehicleIdOf(sn),
        snOf: (id) => directory.snOf(id),
      })
    : null;
  for (const source of [sim, bridge]) {
    if (!source) continue;
    stops.push(source.onFrame(publishFrame), trackFirmware(source, repo), recordAlarms(source, repo));
  }
  if (sim) stops.push(bus.serveDevices(ownDevices(sim, now), 'owner'));
  // Added once the listeners above record what they raise. On a first start every vehicle is warmed
  // over the history window, so it answers plausible values at once; the history follows behind.
  // Later starts go on from the model's saved state.
  if (sim && backfilling) warmUpFleet(sim, specs, history);
  else if (sim) await resumeFleet(sim, specs, repo.modelState, now(), log);
  // Alarms left open by the last run that the model no longer has are over; those it still has stay
  // open as they were (started, acknowledged), as its raise of them again is no news to the store.
  if (sim && !bus.shared) {
    const active = new Set(specs.flatMap((s) => sim.activeAlarms(s.id).map(alarmIdentityKey)));
    await repo.alarms.closeOpen(now(), (alarm) => active.has(alarmIdentityKey(alarm)));
  }
  const modelState = sim ? keepModelState(sim, repo.modelState, config.modelSaveS * 1000, now, log) : null;
  if (bridge) {
    stops.push(
      bus.serveDevices(bridge.request, 'bridge'),
      bridge.onGatewayOnline(() => void repo.alarms.closeOpen(now())),
      bus.onEvent((event) => event.type === 'resync' && bridge.resync()),
      () => bridge.close(),
    );
  }
  return { bridge, modelState, stops };
};
