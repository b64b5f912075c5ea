// A 31-day report over a fleet. The demo fleet's history (backfilled by the model, BENCH_HOURS hours
// every minute) goes into a throw-away SQLite database (BENCH_STORAGE=postgres: a throw-away schema
// of FLEET_TEST_DATABASE_URL) and is rolled up by hour; the rest of the 31 days gets copies of those
// hour rollups, folded into day rollups (backfilling a month of raw samples would take most of an
// hour). The report then runs over every vehicle with every table, in the
// console's batches and in one call: whole days and hours from rollups, the part hour at each end
// from raw history. Prints the rollup build, the report's times (and CPU time) and the load average.
import { loadavg } from 'node:os';
import { REPORT_BATCH } from '../../streams/api/report-calls';
import { REPORT_TABLE_NAMES } from '../../contract/entities/report';
import { readConfig } from '../../server/config';
import { demoFleet } from '../../server/fleet/demo-fleet';
import { createFleetModel } from '../../server/fleet/fleet-model';
import { simSpecOf } from '../../server/fleet/vehicle-devices';
import { computeReport } from '../../server/reports/compute-report';
import { DAY_MS, dayOf, foldHours, HOUR_MS, hourOf, type HourSummary, packHour, unpackHour } from '../../server/reports/hour-summary';
import { buildRollups } from '../../server/reports/hourly-rollups';
import { openRepository } from '../../server/platform/database/open-repository';
import { createTestDatabase } from '../../server/test-support/test-database';
import { backfillHistory } from '../../server/telemetry/history-backfill';

const vehicles = Number(process.env.BENCH_VEHICLES ?? 300);
const hours = Number(process.env.BENCH_HOURS ?? 6);
const DAYS = 31;
const config = readConfig({ ...process.env, FLEET_SIM_VEHICLES: String(vehicles) });
const storage = process.env.BENCH_STORAGE === 'postgres' ? 'postgres' : 'sqlite';
const db = await createTestDatabase(storage);
const seconds = (t0: number) => (performance.now() - t0) / 1000;
try {
  // Mid-hour, as a report asked at any time: both ends read raw history.
  const now = hourOf(Date.now()) + 37 * 60_000;
  const seed = demoFleet({ vehicles, seed: 1, createdAt: new Date(now).toISOString(), admin: { id: 'bench' } as never });
  const repo = await openRepository(db.config);
  await repo.seedOnce({
    ...seed,
    accounts: [
      {
        id: 'bench',
        email: 'bench@fleet.test',
        userName: 'Bench',
        passwordHash: 'x',
        status: 'active',
        roleId: null,
        phone: '',
        speedUnit: 'km/h',
        mileageUnit: 'km',
        createdAt: new Date(now).toISOString(),
        lastSignInAt: null,
      },
    ],
  });
  const specs = seed.vehicles.map((v) =>
    simSpecOf(
      v,
      seed.devices.filter((d) => d.vehicleId === v.id),
    ),
  );
  const filled = await backfillHistory(createFleetModel(config, now), repo, specs, { hours, intervalMs: 60_000, untilMs: now, stopped: () => false });
  const ids = seed.vehicles.map((v) => v.id);

  const b0 = performance.now();
  const buildCpu0 = process.cpuUsage();
  const built = await buildRollups(repo, hourOf(now));
  const buildS = seconds(b0);
  const buildCpu = process.cpuUsage(buildCpu0);
  const buildCpuS = (buildCpu.user + buildCpu.system) / 1e6;

  // The whole hours rolled up above, copied back over the rest of the 31 days, and each day over
  // folded from its hours as the rollup builder does.
  const from = now - DAYS * DAY_MS;
  const firstWhole = hourOf(now - hours * HOUR_MS) + HOUR_MS;
  const real = await repo.rollups.read('hour', ids, firstWhole, hourOf(now));
  const pattern = hourOf(now) - firstWhole;
  const copies = [];
  for (let shift = pattern; firstWhole - shift + pattern > from; shift += pattern) {
    for (const r of real) if (r.at - shift >= hourOf(from)) copies.push({ mark: { vehicleId: r.vehicleId, hour: r.at - shift, seq: 0 }, vals: Buffer.from(r.vals) });
  }
  const byDay = new Map<string, HourSummary[]>();
  for (const c of [...copies, ...real.map((r) => ({ mark: { vehicleId: r.vehicleId, hour: r.at }, vals: r.vals }))]) {
    const key = `${c.mark.vehicleId}|${dayOf(c.mark.hour)}`;
    byDay.set(key, [...(byDay.get(key) ?? []), unpackHour(c.mark.hour, c.vals)]);
  }
  const days = [...byDay.entries()]
    .map(([key, list]) => ({ vehicleId: key.split('|')[0]!, day: Number(key.split('|')[1]), list: list.sort((a, b) => a.hour - b.hour) }))
    .filter((d) => d.day + DAY_MS <= hourOf(now))
    .map((d) => ({ vehicleId: d.vehicleId, day: d.day, vals: packHour({ hour: d.day, devices: foldHours(d.list) }) }));
  await repo.rollups.save(copies, days);

  const load = loadavg()[0]!.toFixed(2);
  const t0 = performance.now();
  let slowest = 0;
  for (let i = 0; i < ids.length; i += REPORT_BATCH) {
    const s0 = performance.now();
    await computeReport(repo, ids.slice(i, i + REPORT_BATCH), from, now, REPORT_TABLE_NAMES);
    slowest = Math.max(slowest, performance.now() - s0);
  }
  const totalS = seconds(t0);
  const w0 = performance.now();
  const cpu0 = process.cpuUsage();
  await computeReport(repo, ids, from, now, REPORT_TABLE_NAMES);
  const wholeS = seconds(w0);
  const cpu = process.cpuUsage(cpu0);
  const wholeCpuS = (cpu.user + cpu.system) / 1e6;
  console.log(
    `${storage}: ${vehicles} vehicles, ${hours} h of raw history (${filled.samples} samples), rolled up in ${buildS.toFixed(2)} s (CPU ${buildCpuS.toFixed(2)} s, ${built} vehicle-hours); ${copies.length} copied hour rollups and ${days.length} day rollups fill ${DAYS} days`,
  );
  console.log(
    `${DAYS}-day report: ${totalS.toFixed(2)} s in batches of ${REPORT_BATCH} (slowest ${(slowest / 1000).toFixed(2)} s), ${wholeS.toFixed(2)} s in one call (CPU ${wholeCpuS.toFixed(2)} s); load ${load}`,
  );
  console.log(
    JSON.stringify({
      bench: 'report-compute',
      storage,
      vehicles,
      days: DAYS,
      rawHours: hours,
      samples: filled.samples,
      rollupBuildS: buildS,
      rollupBuildCpuS: buildCpuS,
      vehicleHours: built,
      totalS,
      slowestBatchS: slowest / 1000,
      wholeS,
      wholeCpuS,
      load: Number(load),
    }),
  );
  await repo.close();
} finally {
  await db.drop();
}
