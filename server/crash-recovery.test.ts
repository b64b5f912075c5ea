import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { api, session } from './test-support/api-client';
import { startServerProcess, stopServerProcess } from './test-support/server-process';

const dir = mkdtempSync(join(tmpdir(), 'fleet-crash-'));
const env = {
  FLEET_DB: join(dir, 'fleet.db'),
  FLEET_ADMIN_EMAIL: 'crash@fleet.test',
  FLEET_ADMIN_PASSWORD: 'Crash#1234',
  FLEET_SIM_VEHICLES: '20',
  FLEET_STATIC_DIR: join(dir, 'none'),
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('keeps every acknowledged write after SIGKILL during a burst, and the database opens clean', async () => {
  const first = await startServerProcess(env);
  const { token } = await session(first.url, env.FLEET_ADMIN_EMAIL, env.FLEET_ADMIN_PASSWORD);
  const acknowledged: string[] = [];
  let killed = false;
  const writer = async (w: number) => {
    for (let i = 0; !killed; i++) {
      try {
        const r = await api<{ id: string }>(first.url, 'POST', '/customization/fleet/v1/add/single', {
          token,
          body: { name: `Burst ${w}-${i}`, status: 'active', managerId: 'user-admin', serviceEngineerId: 'user-admin' },
        });
        if (r.body.code === 200) acknowledged.push(r.body.data.id);
      } catch {
        return;
      }
    }
  };
  const writers = Array.from({ length: 8 }, (_, w) => writer(w));
  // Killed once the burst is well under way, however slow the machine: writes are still in flight.
  const deadline = Date.now() + 60_000;
  while (acknowledged.length < 20 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
  killed = true;
  expect(await stopServerProcess(first, 'SIGKILL')).toBe(null);
  await Promise.all(writers);
  expect(acknowledged.length).toBeGreaterThanOrEqual(20);

  const db = new Database(env.FLEET_DB);
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  const stored = new Set((db.prepare('SELECT id FROM fleets').all() as Array<{ id: string }>).map((r) => r.id));
  db.close();
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);

  const second = await startServerProcess(env);
  try {
    expect(second.output()).not.toContain('Super admin:');
    const s = await session(second.url, env.FLEET_ADMIN_EMAIL, env.FLEET_ADMIN_PASSWORD);
    const fleets = await api<{ total: number }>(second.url, 'GET', '/customization/fleet/v1/query/list', { token: s.token, query: { pageSize: 1 } });
    expect(fleets.body.data.total).toBe(stored.size);
    const vehicles = await api<{ total: number }>(second.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token: s.token });
    expect(vehicles.body.data.total).toBe(20);
  } finally {
    expect(await stopServerProcess(second, 'SIGTERM')).toBe(0);
  }
}, 120_000);
