// A report over a fleet: the demo fleet's history (backfilled by the model, BENCH_HOURS hours every
// minute) in a throw-away SQLite database, then the report computed over every vehicle with every
// table, in the console's batches. Prints the time per batch and the whole, and the time scaled
// linearly to 31 days (the report reads each sample once).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPORT_BATCH } from '../../streams/api/report-calls';
import { REPORT_TABLE_NAMES } from '../../streams/protocol/report-schemas';
import { readConfig } from '../../server/config';
import { demoFleet } from '../../server/fleet/demo-fleet';
import { createFleetModel } from '../../server/fleet/fleet-model';
import { simSpecOf } from '../../server/fleet/vehicle-devices';
import { computeReport } from '../../server/reports/compute-report';
import { openDatabase } from '../../server/storage/open-database';
import { createSqliteRepository } from '../../server/storage/sqlite/sqlite-repository';
import { backfillHistory } from '../../server/telemetry/history-backfill';

const vehicles = Number(process.env.BENCH_VEHICLES ?? 300);
const hours = Number(process.env.BENCH_HOURS ?? 6);
const config = readConfig({ ...process.env, FLEET_SIM_VEHICLES: String(vehicles) });
const dir = mkdtempSync(join(tmpdir(), 'fleet-report-bench-'));
try {
  const now = Date.now();
  const seed = demoFleet({ vehicles, seed: 1, createdAt: new Date(now).toISOString(), admin: { id: 'bench' } as never });
  const db = openDatabase(join(dir, 'fleet.db'));
  const repo = createSqliteRepository(db);
  await repo.seedOnce({ ...seed, accounts: [{ id: 'bench', email: 'bench@fleet.test', userName: 'Bench', passwordHash: 'x', status: 'active', roleId: null, phone: '', speedUnit: 'km/h', mileageUnit: 'km', createdAt: new Date(now).toISOString(), lastSignInAt: null }] });
  const specs = seed.vehicles.map((v) => simSpecOf(v, seed.devices.filter((d) => d.vehicleId === v.id)));
  const filled = await backfillHistory(createFleetModel(config, now), repo, specs, { hours, intervalMs: 60_000, untilMs: now, stopped: () => false });
  const ids = seed.vehicles.map((v) => v.id);
  const t0 = performance.now();
  let slowest = 0;
  for (let i = 0; i < ids.length; i += REPORT_BATCH) {
    const b0 = performance.now();
    await computeReport(repo, ids.slice(i, i + REPORT_BATCH), now - hours * 3600_000, now, REPORT_TABLE_NAMES);
    slowest = Math.max(slowest, performance.now() - b0);
  }
  const totalS = (performance.now() - t0) / 1000;
  const scaled31d = totalS * ((31 * 24) / hours);
  console.log(`${vehicles} vehicles, ${hours} h of history (${filled.samples} samples): report in ${totalS.toFixed(2)} s, slowest batch of ${REPORT_BATCH} ${(slowest / 1000).toFixed(2)} s`);
  console.log(`scaled to 31 days: ${scaled31d.toFixed(0)} s`);
  console.log(JSON.stringify({ bench: 'report-compute', vehicles, hours, samples: filled.samples, totalS, scaled31d }));
  repo.close();
} finally {
  rmSync(dir, { recursive: true, force: true });
}
