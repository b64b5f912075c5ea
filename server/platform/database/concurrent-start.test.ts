// Several API nodes started at once on one empty PostgreSQL database: one migrates and seeds, the
// others wait on the database's lock and find the work done.
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { demoFleet } from '../../fleet/demo-fleet';
import { api, session } from '../../test-support/api-client';
import { runRawStatement } from '../../test-support/raw-statement';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../test-support/server-process';
import { createTestDatabase, TEST_STORAGE, type TestDatabase } from '../../test-support/test-database';
import type { FleetRepository } from './fleet-repository';
import { openRepository } from './open-repository';

let db: TestDatabase | null = null;
afterEach(async () => {
  await db?.drop();
  db = null;
});

const admin = {
  id: 'user-admin',
  email: 'admin@fleet.test',
  userName: 'Administrator',
  passwordHash: 'x',
  status: 'active' as const,
  roleId: 'role-super-admin',
  phone: '',
  speedUnit: 'km/h' as const,
  mileageUnit: 'km' as const,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSignInAt: null,
};

describe.skipIf(TEST_STORAGE !== 'postgres')('several nodes starting on an empty PostgreSQL database', () => {
  it('migrate and seed it exactly once', async () => {
    db = await createTestDatabase('postgres');
    const config = db.config;
    const repos: FleetRepository[] = await Promise.all(Array.from({ length: 6 }, () => openRepository(config)));
    try {
      const seeded = await Promise.all(repos.map((r) => r.seedOnce(demoFleet({ vehicles: 50, seed: 1, admin, createdAt: admin.createdAt }))));
      expect(seeded.filter(Boolean)).toHaveLength(1);
      for (const r of repos) expect(await r.vehicles.all()).toHaveLength(50);
      // A migration run twice would have failed on its CREATE TABLE; the version says every one ran.
      await expect(runRawStatement(config, 'INSERT INTO schema_version (id, version) VALUES (1, 0)')).rejects.toThrow(/duplicate key/);
    } finally {
      await Promise.all(repos.map((r) => r.close()));
    }
  });

  it('as server processes: one prints the generated super admin password, all serve the same fleet', async () => {
    db = await createTestDatabase('postgres');
    const env = {
      FLEET_DATABASE_URL: db.config.databaseUrl as string,
      FLEET_ADMIN_EMAIL: 'first@fleet.test',
      FLEET_SIM_VEHICLES: '20',
      FLEET_HISTORY_BACKFILL_H: '0',
      FLEET_STATIC_DIR: join(db.config.dbPath, '..', 'none'),
    };
    const nodes: ServerProcess[] = await Promise.all([1, 2, 3].map(() => startServerProcess(env)));
    try {
      // The password line follows the address line; give every node's output a moment to arrive.
      for (let i = 0; i < 50 && !nodes.some((n) => n.output().includes('Super admin:')); i++) await sleep(100);
      await sleep(500);
      const printed = nodes.map((n) => /Super admin: first@fleet\.test \/ (\S+)/.exec(n.output())?.[1]).filter(Boolean);
      expect(printed).toHaveLength(1);
      for (const n of nodes) {
        const { token } = await session(n.url, env.FLEET_ADMIN_EMAIL, printed[0] as string);
        const vehicles = await api<{ total: number }>(n.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token });
        expect(vehicles.body.data.total).toBe(20);
      }
    } finally {
      for (const n of nodes) await stopServerProcess(n, 'SIGTERM');
    }
  }, 120_000);
});
