// `npm run sim`: the fleet model as its own process, publishing over FLEET_MQTT_URL like one DTU
// gateway per vehicle, for the fleet stored in the configured database.
import mqtt from 'mqtt';
import { ownDevices } from './platform/bus/device-owner';
import { readConfig } from './config';
import { createFleetModel } from './fleet/fleet-model';
import { driveModel } from './fleet/model-clock';
import { keepModelState, readSavedFleet } from './fleet/model-state';
import { simSpecOf } from './fleet/vehicle-devices';
import { runGateways } from './ingest/mqtt-gateway';
import { openRepository } from './platform/database/open-repository';

/** How often the process looks for vehicles added, changed or removed through the API. */
const FLEET_POLL_MS = 15_000;
/** Vehicles added between waits for the broker connection to drain. */
const ANNOUNCE_CHUNK = 500;

const config = readConfig(process.env);
if (!config.mqttUrl) {
  process.stderr.write('npm run sim publishes over MQTT: set FLEET_MQTT_URL (e.g. mqtt://127.0.0.1:1883)\n');
  process.exit(2);
}
const repo = await openRepository(config);
const sim = createFleetModel(config, Date.now());
const log = (line: string) => process.stdout.write(`${line}\n`);
// The model goes on from the state the last run saved, and saves its own as the server's does.
const savedFleet = await readSavedFleet(repo.modelState, log);
const modelState = keepModelState(sim, repo.modelState, config.modelSaveS * 1000, Date.now, log);
const idBySn = new Map<string, string>();
const snById = new Map<string, string>();
/** The spec each vehicle was added with, to notice equipment changes. */
const specs = new Map<string, string>();

const loadFleet = async () => {
  const devices = new Map<string, Awaited<ReturnType<typeof repo.vehicles.allDevices>>>();
  for (const d of await repo.vehicles.allDevices()) devices.set(d.vehicleId, [...(devices.get(d.vehicleId) ?? []), d]);
  const seen = new Set<string>();
  let added = 0;
  for (const v of await repo.vehicles.all()) {
    seen.add(v.id);
    // Rows come in no set order; sorted, an unchanged vehicle gives the same spec each time.
    const rows = (devices.get(v.id) ?? []).sort((x, y) => `${x.deviceType}/${x.deviceId}`.localeCompare(`${y.deviceType}/${y.deviceId}`));
    const spec = simSpecOf(v, rows);
    const json = JSON.stringify(spec);
    snById.set(v.id, v.sn);
    idBySn.set(v.sn, v.id);
    if (specs.get(v.id) === json) continue;
    specs.set(v.id, json);
    sim.remove(v.id);
    savedFleet.add(sim, spec, Date.now());
    // Each vehicle announces its devices' keys and versions: a large fleet leaves in chunks, at the
    // pace the broker takes them, instead of piling up in memory.
    if (++added % ANNOUNCE_CHUNK === 0) await gateways.drained();
  }
  for (const id of specs.keys()) {
    if (seen.has(id)) continue;
    sim.remove(id);
    specs.delete(id);
    idBySn.delete(snById.get(id) ?? '');
    snById.delete(id);
  }
};

const client = await mqtt.connectAsync(config.mqttUrl, {
  protocolVersion: 5,
  clientId: `fleet-sim-${config.mqttPrefix}-${process.pid}`,
  reconnectPeriod: 1000,
  // Frames made while the broker is away are dropped, not kept to arrive late; the model holds its steps meanwhile.
  queueQoSZero: false,
});
const gateways = await runGateways({
  client,
  prefix: config.mqttPrefix,
  sim,
  devices: ownDevices(sim, Date.now),
  snOf: (id) => snById.get(id),
  vehicleIdOf: (sn) => idBySn.get(sn),
  vehicleIds: () => specs.keys(),
  now: Date.now,
});
await loadFleet();
savedFleet.report(Date.now());
/** Vehicle ticks skipped because the broker connection was backed up (see Gateways.backedUp). */
let skippedTicks = 0;
const clock = driveModel(
  sim,
  config.simHz,
  Date.now,
  () => {},
  (slot) => {
    if (!gateways.backedUp()) return true;
    skippedTicks += sim.shardSize(slot);
    return false;
  },
);
let polling = false;
const poll = setInterval(() => {
  if (polling) return;
  polling = true;
  loadFleet()
    .catch((err: unknown) => process.stderr.write(`Reading the fleet failed: ${String(err)}\n`))
    .finally(() => (polling = false));
}, FLEET_POLL_MS);
const REPORT_MS = 10_000;
const report = setInterval(() => {
  const skipped = skippedTicks > 0 ? `; ${skippedTicks} vehicle ticks skipped, the broker connection backed up` : '';
  process.stdout.write(`Fleet simulator: ${gateways.published()} frames published by ${Date.now()} (${specs.size} vehicles${skipped})\n`);
}, REPORT_MS);
process.stdout.write(`Fleet simulator: ${specs.size} vehicles publishing to ${config.mqttUrl} under ${config.mqttPrefix}/dtu/<sn>/…\n`);

const shutdown = () => {
  clearInterval(clock);
  clearInterval(poll);
  clearInterval(report);
  gateways.stop();
  void Promise.allSettled([modelState.stop(), client.endAsync()]).finally(() => {
    void repo.close();
    process.exit(0);
  });
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
