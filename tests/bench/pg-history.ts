// History on PostgreSQL: write rate through the real sampling path, bytes per stored sample, and the
// time to read one device's chart range, then what a year of 1-minute samples for a large fleet takes.
// BENCH_DATABASE_URL (default: the local test database), BENCH_VEHICLES (200), BENCH_HOURS (48).
// Runs in a schema of its own and drops it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { demoFleet } from '../../server/fleet/demo-fleet';
import { simSpecOf } from '../../server/fleet/vehicle-devices';
import { createFleetSimulator } from '../../server/sim/fleet-simulator';
import { openRepository } from '../../server/platform/database/open-repository';
import { backfillHistory } from '../../server/telemetry/history-backfill';
import { storedAdmin } from '../../server/test-support/stored-admin';

const url = process.env.BENCH_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';
const vehicles = Number(process.env.BENCH_VEHICLES || 200);
const hours = Number(process.env.BENCH_HOURS || 48);
const YEAR_FLEET = 10_000;
const MINUTES_A_YEAR = 365 * 24 * 60;

const admin = new pg.Client({ connectionString: url });
await admin.connect();
const schema = `fleet_bench_${randomBytes(4).toString('hex')}`;
await admin.query(`CREATE SCHEMA ${schema}`);
const scoped = new URL(url);
scoped.searchParams.set('options', `-c search_path=${schema}`);
const repo = await openRepository({ dbPath: '', databaseUrl: scoped.toString() });
try {
  const createdAt = new Date().toISOString();
  const seed = demoFleet({
    vehicles,
    seed: 1,
    createdAt,
    admin: { ...storedAdmin, createdAt },
  });
  await repo.seedOnce(seed);
  const specs = seed.vehicles.map((v) =>
    simSpecOf(
      v,
      seed.devices.filter((d) => d.vehicleId === v.id),
    ),
  );
  const endMs = Date.now();
  const write = await backfillHistory(createFleetSimulator({ seed: 2, hz: 1 / 60, scenario: 'demo' }), repo, specs, {
    hours,
    intervalMs: 60_000,
    untilMs: endMs,
    stopped: () => false,
  });

  const sizes = await admin.query(
    `SELECT count(*)::int AS partitions, coalesce(sum(pg_total_relation_size(c.oid)), 0)::bigint AS bytes
     FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid WHERE i.inhparent = '${schema}.history'::regclass`,
  );
  const bytes = Number(sizes.rows[0].bytes);
  const bytesPerSample = bytes / write.samples;
  const seriesPerVehicle = write.samples / (vehicles * Math.floor(hours * 60 - 1));

  // One device's whole range, as the chart asks for it, for 200 devices picked across the fleet.
  const refs = seed.devices.filter((_, i) => i % Math.max(1, Math.floor(seed.devices.length / 200)) === 0).slice(0, 200);
  const times: number[] = [];
  let points = 0;
  for (const d of refs) {
    const t0 = performance.now();
    points += (await repo.history.range(d, endMs - hours * 3600_000, endMs)).length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => Number((times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0).toFixed(2));

  const yearBytes = bytesPerSample * seriesPerVehicle * YEAR_FLEET * MINUTES_A_YEAR;
  const result = {
    bench: 'pg-history',
    vehicles,
    hours,
    samples: write.samples,
    samplesPerSecond: Math.round(write.samples / (write.ms / 1000)),
    partitions: Number(sizes.rows[0].partitions),
    bytesPerSample: Number(bytesPerSample.toFixed(1)),
    devicesPerVehicle: Number(seriesPerVehicle.toFixed(2)),
    rangeReads: times.length,
    rangePointsAvg: Math.round(points / Math.max(1, times.length)),
    rangeMsP50: pct(0.5),
    rangeMsP99: pct(0.99),
    yearOf10kVehiclesTB: Number((yearBytes / 1e12).toFixed(2)),
    samplesPerSecondFor10kAt1Min: Math.round((seriesPerVehicle * YEAR_FLEET) / 60),
  };
  console.log(`${result.samples} samples (${vehicles} vehicles × ${hours} h at 1 min) written at ${result.samplesPerSecond}/s into ${result.partitions} day partitions`);
  console.log(`${result.bytesPerSample} bytes per sample with its index; ${result.devicesPerVehicle} devices per vehicle`);
  console.log(`one device's ${hours} h range (${result.rangePointsAvg} points): p50 ${result.rangeMsP50} ms, p99 ${result.rangeMsP99} ms`);
  console.log(`a year for ${YEAR_FLEET} vehicles: ${result.yearOf10kVehiclesTB} TB, written at ${result.samplesPerSecondFor10kAt1Min} samples/s`);
  console.log(JSON.stringify(result));
} finally {
  await repo.close();
  await admin.query(`DROP SCHEMA ${schema} CASCADE`);
  await admin.end();
}
