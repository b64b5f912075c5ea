import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildServer, type FleetServer } from './app';
import { readConfig, type ServerConfig } from './config';
import { createFleetModel } from './fleet/fleet-model';
import { numericValues } from './telemetry/numeric-values';
import { api, session } from './test-support/api-client';
import { createTestDatabase, type TestDatabase } from './test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './test-support/test-server';

// A fresh `npm start` in small: the demo scenario, the real model, a first start that fills history.
const START = Date.UTC(2026, 10, 23, 13);
let db: TestDatabase;
let server: FleetServer;
let url: string;
let token: string;
const log: string[] = [];
/** What the model answered for each vehicle the moment the server was listening. */
let atListen: Array<{ id: string; status: string | null }>;

beforeAll(async () => {
  db = await createTestDatabase();
  const config: ServerConfig = {
    ...readConfig({}),
    ...db.config,
    port: 0,
    host: '127.0.0.1',
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    simVehicles: 40,
    simScenario: 'demo',
    historyBackfillH: 3,
    historyIntervalS: 60,
    staticDir: join(db.config.dbPath, '..', 'no-static'),
  };
  // A clock that stands still: the live model is not stepped past the moment the server started.
  const now = () => START;
  server = await buildServer({ config, simulator: createFleetModel(config, START), backfillHistory: true, now, log: (line) => log.push(line) });
  url = await server.start();
  atListen = (await server.ctx.repo.vehicles.all()).map((v) => ({ id: v.id, status: server.ctx.sim.status(v.id)?.status ?? null }));
  token = (await session(url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
}, 60_000);
afterAll(async () => {
  await server.close();
  await db.drop();
});

type Row = { id: string; status: string };

it('answers every vehicle with a live state from the first request, offline only where its comms are lost', async () => {
  expect(atListen).toHaveLength(40);
  for (const v of atListen) expect(v.status, v.id).not.toBeNull();
  const rows = (await api<{ rows: Row[] }>(url, 'GET', '/customization/vehicle/v1/query/list', { token, query: { pageSize: 500 } })).body.data.rows;
  expect(rows).toHaveLength(40);
  for (const row of rows) expect(row.status, row.id).toBe(server.ctx.sim.status(row.id)!.status);
  // The demo loses a vehicle's comms about once every five hours, for minutes: a few at most.
  expect(rows.filter((r) => r.status === 'offline').length).toBeLessThanOrEqual(2);
  expect(rows.filter((r) => r.status === 'alarm').length).toBeGreaterThan(0);
});

it('rolls the backfilled hours up for reports once the backfill is done, leaving the current hour', async () => {
  await expect.poll(() => log.some((line) => line.startsWith('History backfill:')), { timeout: 30_000 }).toBe(true);
  await expect.poll(() => server.ctx.repo.rollups.marked(START, 10), { timeout: 30_000 }).toEqual([]);
  const ids = (await server.ctx.repo.vehicles.all()).map((v) => v.id);
  expect(await server.ctx.repo.rollups.read('hour', ids, START - 3 * 3600_000, START)).toHaveLength(40 * 3);
  expect(await server.ctx.repo.rollups.markedIn(ids, START, START + 3600_000)).toHaveLength(40);
});

it('fills the history behind the live fleet, ending at the values it answered from the start', async () => {
  await expect.poll(() => log.some((line) => line.startsWith('History backfill:')), { timeout: 30_000 }).toBe(true);
  const vehicleId = (await api<{ rows: Row[] }>(url, 'GET', '/customization/vehicle/v1/query/list', { token, query: { pageSize: 1 } })).body.data.rows[0]!.id;
  const ref = { vehicleId, deviceType: 'bms' as const, deviceId: 0 };
  const rows = await server.ctx.repo.history.range(ref, START - 3 * 3600_000, START);
  expect(rows).toHaveLength(180);
  expect(rows.at(-1)!.ts).toBe(START);
  const live = numericValues(server.ctx.sim.latest(ref)!.values);
  for (const [key, value] of Object.entries(live)) expect(rows.at(-1)!.values[key], key).toBeCloseTo(value, 2);
});

it("sends each fleet's notifications to an Outbox contact point, so the demo fills the notification log with nothing configured", async () => {
  const fleets = await server.ctx.repo.fleets.list({ all: true });
  expect(fleets.length).toBeGreaterThan(0);
  for (const fleet of fleets) {
    const points = (await api<any>(url, 'GET', '/customization/contact-point/v1/query/list', { token, query: { fleetId: fleet.id } })).body.data.rows;
    expect(points).toMatchObject([{ name: 'Outbox', kind: 'outbox', settings: {} }]);
    const tree = (await api<any>(url, 'GET', '/customization/notification-policy/v1/get/tree', { token, query: { fleetId: fleet.id } })).body.data;
    expect(tree.policies).toMatchObject([{ id: 'root', parentId: null, contactPointIds: [points[0].id] }]);
  }
});
