// One save of the fleet model's state, as the server makes it every FLEET_SIM_SAVE_S: collecting every
// vehicle's state and turning it into JSON (on the event loop, a few hundred vehicles at a time), gzip (in the thread pool)
// and writing it to a throw-away SQLite database; then reading it back and resuming the fleet, as a
// restart does. For 10,000 and 100,000 vehicles of the demo fleet (BENCH_VEHICLES="10000,100000"),
// an hour into the demo scenario so some are in alarm, offline or updating. Figures, not a pass/fail test.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { demoFleet } from '../../server/fleet/demo-fleet';
import { createFleetModel } from '../../server/fleet/fleet-model';
import { encodeModelState, resumeFleet } from '../../server/fleet/model-state';
import { simSpecOf } from '../../server/fleet/vehicle-devices';
import type { DeviceRecord } from '../../server/modules/vehicles/vehicle-store';
import { openDatabase } from '../../server/platform/database/open-database';
import { FLEET_MODULES } from '../../server/modules/fleet-modules';
import { sqliteRepository } from '../../server/platform/database/open-repository';

const SIZES = (process.env.BENCH_VEHICLES ?? '10000,100000').split(',').map(Number);
const config = readConfig({ ...process.env, FLEET_SIM_SCENARIO: 'demo' });
const ms = (from: number) => Math.round(performance.now() - from);

for (const vehicles of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-model-state-bench-'));
  try {
    const now = Date.now();
    const seed = demoFleet({ vehicles, seed: config.simSeed, createdAt: new Date(now).toISOString(), admin: { id: 'bench' } as never });
    const devices = new Map<string, DeviceRecord[]>();
    for (const d of seed.devices) devices.set(d.vehicleId, [...(devices.get(d.vehicleId) ?? []), d]);
    const specs = seed.vehicles.map((v) => simSpecOf(v, devices.get(v.id) ?? []));
    const sim = createFleetModel(config, now - 3600_000);
    for (const spec of specs) sim.add(spec, now - 3600_000);
    for (let t = now - 3000_000; t <= now; t += 600_000) sim.step(t);
    const repo = sqliteRepository(openDatabase(join(dir, 'fleet.db'), FLEET_MODULES));

    // The save as the server makes it, a few hundred vehicles a turn; the event loop's longest stall meanwhile.
    const stalls = monitorEventLoopDelay({ resolution: 10 });
    stalls.enable();
    const t0 = performance.now();
    const state = await encodeModelState(sim.save());
    const encodeMs = ms(t0);
    const t1 = performance.now();
    await repo.modelState.save(state, now);
    const writeMs = ms(t1);
    stalls.disable();
    const longestStallMs = Math.round(stalls.max / 1e6);
    const jsonMB = Number((JSON.stringify([...sim.save()]).length / 1e6).toFixed(1));

    const t4 = performance.now();
    const resumed = createFleetModel(config, now);
    await resumeFleet(resumed, specs, repo.modelState, now + 30_000, () => {});
    const resumeMs = ms(t4);
    await repo.close();

    const figures = {
      bench: 'model-state',
      vehicles,
      saveMs: encodeMs + writeMs,
      encodeMs,
      writeMs,
      longestStallMs,
      jsonMB,
      storedMB: Number((state.length / 1e6).toFixed(2)),
      bytesPerVehicle: Math.round(state.length / vehicles),
      resumeMs,
      loadavg: loadavg().map((x) => Number(x.toFixed(2))),
    };
    console.log(
      `${vehicles} vehicles: save ${figures.saveMs} ms (collect and encode ${encodeMs} ms, write ${writeMs} ms; event loop held at most ${longestStallMs} ms), ` +
        `${jsonMB} MB of JSON stored as ${figures.storedMB} MB (${figures.bytesPerVehicle} B a vehicle); read and resume ${resumeMs} ms; load average ${figures.loadavg.join(' ')}`,
    );
    console.log(JSON.stringify(figures));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
