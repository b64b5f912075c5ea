// Migration 17 on a database that already holds names differing only in case (two fleets, two
// sub-fleets and two depots of one fleet, two roles): the earlier keeps its name, the later gets its
// id (a role its key) appended, and the unique indexes hold from then on.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { demoFleet } from '../../fleet/demo-fleet';
import { seededAtVersion } from '../../test-support/schema-rollback';
import { TEST_STORAGE, type TestDatabase } from '../../test-support/test-database';
import { openRepository } from './open-repository';
import { CONFLICT_MESSAGES, StorageConflict } from './storage-conflict';
import { CREATED, storedAdmin } from '../../test-support/stored-admin';

const admin = storedAdmin;
const seed = demoFleet({ vehicles: 3, seed: 1, admin, createdAt: CREATED });

/** The database as version 16 left it, with the case twins that version allowed (same creation time: the smaller id is the earlier). */
const ROLL_BACK = [
  "UPDATE fleets SET name = 'NORDIC COACH LINES' WHERE id = 'fleet-2'",
  "UPDATE sub_fleets SET name = 'oslo city' WHERE id = 'fleet-1-sub-2'",
  "UPDATE depots SET name = 'OSLO DEPOT' WHERE id = 'fleet-1-depot-2'",
  "UPDATE roles SET name = 'OPERATOR' WHERE id = 'role-service-engineer'",
];

let db: TestDatabase;
beforeAll(async () => {
  db = await seededAtVersion(seed, 16, ROLL_BACK);
});
afterAll(() => db.drop());

it(`renames the later of two names differing in case and then holds one name per fleet, per fleet's sub-fleets and depots, per role (${TEST_STORAGE})`, async () => {
  const repo = await openRepository(db.config);
  try {
    expect((await repo.fleets.get('fleet-1'))?.name).toBe('Nordic Coach Lines');
    expect((await repo.fleets.get('fleet-2'))?.name).toBe('NORDIC COACH LINES (fleet-2)');
    expect((await repo.subFleets.get('fleet-1-sub-1'))?.name).toBe('Oslo City');
    expect((await repo.subFleets.get('fleet-1-sub-2'))?.name).toBe('oslo city (fleet-1-sub-2)');
    expect((await repo.depots.get('fleet-1-depot-2'))?.name).toBe('OSLO DEPOT (fleet-1-depot-2)');
    expect((await repo.roles.get('role-operator'))?.name).toBe('Operator');
    expect((await repo.roles.get('role-service-engineer'))?.name).toBe('OPERATOR (service.engineer)');

    const fleet = (await repo.fleets.get('fleet-4'))!;
    await expect(repo.fleets.update({ ...fleet, name: 'atlantic MARINE' })).rejects.toThrow(new StorageConflict(CONFLICT_MESSAGES.fleetName));
    const depot = (await repo.depots.get('fleet-1-depot-1'))!;
    await expect(repo.depots.create({ ...depot, id: 'fleet-1-depot-9', name: 'oslo DEPOT' })).rejects.toThrow(CONFLICT_MESSAGES.depotName);
    // Another fleet may have a depot of that name.
    await repo.depots.create({ ...depot, id: 'fleet-3-depot-9', fleetId: 'fleet-3', name: 'oslo DEPOT' });
  } finally {
    await repo.close();
  }
});
