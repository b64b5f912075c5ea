// The first start's history: the live demo fleet warmed up over FLEET_HISTORY_BACKFILL_H hours (before
// the server listens), then that window replayed with samples every FLEET_HISTORY_INTERVAL_S and
// stored in a throw-away database (in the background). Reports the CPU of each and the backfill's wall
// time (a shared machine stretches it), samples and the database size per simulated day. Run it with
// NODE_OPTIONS=--max-semi-space-size=64 to measure the heap setting `npm start` uses.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readConfig } from '../../server/config';
import { demoFleet } from '../../server/fleet/demo-fleet';
import { createFleetModel } from '../../server/fleet/fleet-model';
import { simSpecOf } from '../../server/fleet/vehicle-devices';
import { openDatabase } from '../../server/platform/database/open-database';
import { FLEET_MODULES } from '../../server/modules/fleet-modules';
import { sqliteRepository } from '../../server/platform/database/open-repository';
import { backfillHistory, warmUpFleet } from '../../server/telemetry/history-backfill';

const config = readConfig({ ...process.env, FLEET_SIM_VEHICLES: process.env.BENCH_VEHICLES ?? process.env.FLEET_SIM_VEHICLES });
const dir = mkdtempSync(join(tmpdir(), 'fleet-backfill-bench-'));
try {
  const now = Date.now();
  const seed = demoFleet({ vehicles: config.simVehicles, seed: config.simSeed, createdAt: new Date(now).toISOString(), admin: { id: 'bench' } as never });
  const specs = seed.vehicles.map((v) =>
    simSpecOf(
      v,
      seed.devices.filter((d) => d.vehicleId === v.id),
    ),
  );
  const db = openDatabase(join(dir, 'fleet.db'), FLEET_MODULES);
  const repo = sqliteRepository(db);
  const window = { hours: config.historyBackfillH, intervalMs: config.historyIntervalS * 1000, untilMs: now };
  const cpuSince = (from: NodeJS.CpuUsage) => {
    const cpu = process.cpuUsage(from);
    return (cpu.user + cpu.system) / 1e6;
  };
  // Before the server listens: the live model warmed over the window.
  const warm0 = process.cpuUsage();
  warmUpFleet(createFleetModel(config, now), specs, window);
  const warmCpuS = cpuSince(warm0);
  // In the background: the same window replayed by a second model and stored.
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  const done = await backfillHistory(createFleetModel(config, now), repo, specs, { ...window, stopped: () => false });
  const cpuS = cpuSince(cpu0);
  const wallS = (performance.now() - wall0) / 1000;
  db.pragma('wal_checkpoint(TRUNCATE)');
  await repo.close();
  const mbPerDay = (statSync(join(dir, 'fleet.db')).size / 1e6) * (24 / config.historyBackfillH);
  console.log(`${config.simVehicles} vehicles, ${config.historyBackfillH} h every ${config.historyIntervalS} s: ${done.samples} samples`);
  console.log(
    `live warm-up CPU ${warmCpuS.toFixed(1)} s; backfill CPU ${cpuS.toFixed(1)} s, wall ${wallS.toFixed(1)} s; database ${mbPerDay.toFixed(0)} MB per day of history`,
  );
  console.log(
    JSON.stringify({ bench: 'history-backfill', vehicles: config.simVehicles, hours: config.historyBackfillH, samples: done.samples, warmCpuS, cpuS, wallS, mbPerDay }),
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
