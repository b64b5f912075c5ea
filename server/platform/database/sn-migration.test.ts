// Migration 16 on a database that already holds two vehicles whose S/Ns differ only in case: the
// earlier keeps its S/N, the later gets its id appended, and the index holds from then on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFleet } from '../../fleet/demo-fleet';
import { seededAtVersion } from '../../test-support/schema-rollback';
import { TEST_STORAGE, type TestDatabase } from '../../test-support/test-database';
import { openRepository } from './open-repository';
import { StorageConflict } from './storage-conflict';
import { CREATED, storedAdmin } from '../../test-support/stored-admin';

const admin = storedAdmin;
const seed = demoFleet({ vehicles: 3, seed: 1, admin, createdAt: CREATED });
const [first, twin] = [seed.vehicles[0]!, seed.vehicles[1]!];

/** The database as version 15 left it, with the S/N twin that version allowed. */
const ROLL_BACK = [`UPDATE vehicles SET sn = '${first.sn.toLowerCase()}' WHERE id = '${twin.id}'`];

let db: TestDatabase;
beforeAll(async () => {
  db = await seededAtVersion(seed, 15, ROLL_BACK);
});
afterAll(() => db.drop());

it(`marks the later of two S/N case twins with its id and then holds one S/N per vehicle (${TEST_STORAGE})`, async () => {
  const repo = await openRepository(db.config);
  try {
    expect((await repo.vehicles.get(first.id))?.sn).toBe(first.sn);
    expect((await repo.vehicles.get(twin.id))?.sn).toBe(`${first.sn.toLowerCase()}-${twin.id}`);
    await expect(repo.vehicles.createMany([{ vehicle: { ...twin, id: 'veh-again', sn: first.sn.toLowerCase() }, devices: [] }])).rejects.toBeInstanceOf(StorageConflict);
  } finally {
    await repo.close();
  }
});
