// The entity stores on both databases: seeding the demo fleet, then the calls the API makes most, each
// timed over many calls in a throw-away database (BENCH_STORAGE=sqlite,postgres; PostgreSQL at
// FLEET_TEST_DATABASE_URL, a schema of its own). BENCH_VEHICLES sets the fleet (default 20,000).
// Figures, not a pass/fail test: one JSON line per database.
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { demoFleet } from '../../server/fleet/demo-fleet';
import { openRepository } from '../../server/platform/database/open-repository';
import { storedAdmin } from '../../server/test-support/stored-admin';
import { createTestDatabase, type TestStorage } from '../../server/test-support/test-database';

// As the unit-postgres test project does.
process.env.FLEET_TEST_DATABASE_URL ||= 'postgres://root@127.0.0.1:5432/test';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 20_000);
const STORAGES = (process.env.BENCH_STORAGE ?? 'sqlite,postgres').split(',') as TestStorage[];

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
const round = (x: number) => Number(x.toFixed(3));

/** Milliseconds per call of `call(i)`, `n` calls in a row: median and 95th percentile. */
const timed = async (n: number, call: (i: number) => Promise<unknown>) => {
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    await call(i);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
};

for (const storage of STORAGES) {
  const db = await createTestDatabase(storage);
  try {
    const createdAt = new Date().toISOString();
    const admin = storedAdmin;
    const seed = demoFleet({ vehicles: VEHICLES, seed: 1, createdAt, admin });
    const repo = await openRepository(db.config);
    const load0 = loadavg()[0]!.toFixed(2);
    const s0 = performance.now();
    await repo.seedOnce({ ...seed, accounts: [admin] });
    const seedMs = Math.round(performance.now() - s0);

    const fleetIds = seed.fleets.slice(0, 2).map((f) => f.id);
    const scope = { all: false as const, fleetIds, subFleetIds: [], depotIds: [] };
    const ids = seed.vehicles.map((v) => v.id);
    const vehicleGet = await timed(2000, (i) => repo.vehicles.get(ids[(i * 7919) % ids.length]!));
    const vehicleList = await timed(200, (i) => repo.vehicles.list({ scope, search: String(i % 10) }, { pageNum: 1 + (i % 5), pageSize: 50 }));
    const vehiclePage500 = await timed(50, (i) => repo.vehicles.list({ scope: { all: true } }, { pageNum: 1 + (i % 10), pageSize: 500 }));
    const fleetPage = await timed(200, () => repo.fleets.page({ scope }, { pageNum: 1, pageSize: 50 }));
    const userList = await timed(200, () => repo.users.list({}, { pageNum: 1, pageSize: 50 }));

    const sessions = Array.from({ length: 1000 }, (_, i) => ({
      tokenHash: randomBytes(16).toString('hex'),
      wsKey: `ws-${i}-${randomBytes(4).toString('hex')}`,
      userId: admin.id,
      shareAccount: null,
      displayId: null,
      createdAt: Date.now(),
      expiresAt: Date.now() + 3600_000,
      revoked: false,
    }));
    const sessionCreate = await timed(sessions.length, (i) => repo.sessions.create(sessions[i]!));
    const sessionByToken = await timed(2000, (i) => repo.sessions.byTokenHash(sessions[i % sessions.length]!.tokenHash));

    // Alarms as the recorder writes them: raise and clear in batches of 100 events.
    const a0 = performance.now();
    const ts = Date.now();
    for (let b = 0; b < 100; b += 1) {
      const events = Array.from({ length: 100 }, (_, k) => {
        const n = b * 100 + k;
        return {
          type: n % 4 === 3 ? ('cleared' as const) : ('raised' as const),
          vehicleId: ids[Math.floor(n / 4) % ids.length]!,
          deviceType: 'bms' as const,
          deviceId: 0,
          kind: `bench-${n % 3}`,
          severity: 'minor' as const,
          message: 'Bench alarm',
          ts: ts + n,
        };
      });
      await repo.alarms.record(events);
    }
    const alarmRecordMs = Math.round(performance.now() - a0);
    const alarmList = await timed(100, (i) => repo.alarms.list({ scope: { all: true }, active: true }, { pageNum: 1 + (i % 5), pageSize: 50 }));
    await repo.close();

    const figures = {
      bench: 'stores',
      storage,
      vehicles: VEHICLES,
      seedMs,
      vehicleGet,
      vehicleList,
      vehiclePage500,
      fleetPage,
      userList,
      sessionCreate,
      sessionByToken,
      alarmRecord10kMs: alarmRecordMs,
      alarmList,
      loadAverage: [load0, loadavg()[0]!.toFixed(2)],
    };
    console.log(`${storage}: seeded ${VEHICLES} vehicles in ${seedMs} ms; 10,000 alarm events in ${alarmRecordMs} ms (load ${load0})`);
    console.log(JSON.stringify(figures));
  } finally {
    await db.drop();
  }
}
