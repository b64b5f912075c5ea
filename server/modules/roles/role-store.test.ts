// The role store on the backend under test (SQLite in `unit`, PostgreSQL in `unit-postgres`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetRepository } from '../../platform/database/fleet-repository';
import { StaleRecord } from '../../platform/database/storage-conflict';
import { openSeededRepository, type SeededRepository } from '../../test-support/seeded-repository';
import { TEST_STORAGE } from '../../test-support/test-database';
import type { RoleRecord } from './role-store';
import { storedAdmin } from '../../test-support/stored-admin';

const admin = storedAdmin;
const role = (over: Partial<RoleRecord>): RoleRecord => ({
  id: 'role-x',
  name: 'X',
  roleKey: 'x',
  menu: ['/vehicles'],
  permissions: ['vehicle:read'],
  fleetManager: false,
  subFleetManager: true,
  builtin: false,
  ...over,
});

let seeded: SeededRepository;
let repo: FleetRepository;
beforeAll(async () => {
  seeded = await openSeededRepository();
  repo = seeded.repo;
});
afterAll(() => seeded.close());

describe(`role store on ${TEST_STORAGE}`, () => {
  it('lists built-in roles first, then by creation, with their account counts, a name filter and pages', async () => {
    await repo.roles.create(role({ id: 'role-a', name: 'Night_shift 100%', roleKey: 'night' }));
    await repo.roles.create(role({ id: 'role-b', name: 'Day shift', roleKey: 'day' }));
    const all = await repo.roles.list({}, null);
    expect(all.rows.map((r) => r.builtin)).toEqual([...all.rows.filter((r) => r.builtin).map(() => true), false, false]);
    expect(all.rows.slice(-2).map((r) => r.id)).toEqual(['role-a', 'role-b']);
    expect(all.rows.find((r) => r.id === 'role-super-admin')?.users).toBe(1);
    expect(all.total).toBe(all.rows.length);
    // Case ignored, % and _ taken literally.
    expect((await repo.roles.list({ name: 'SHIFT' }, null)).rows.map((r) => r.id)).toEqual(['role-a', 'role-b']);
    expect((await repo.roles.list({ name: '_shift 100%' }, null)).rows.map((r) => r.id)).toEqual(['role-a']);
    const page = await repo.roles.list({ name: 'shift' }, { pageNum: 2, pageSize: 1 });
    expect(page).toEqual({ rows: [expect.objectContaining({ id: 'role-b', users: 0 })], total: 2 });
  });

  it('reads by id and key, saves from the version read and keeps whether it is built in', async () => {
    const stored = await repo.roles.byKey('night');
    expect(stored).toEqual({ ...role({ id: 'role-a', name: 'Night_shift 100%', roleKey: 'night' }), version: 1 });
    expect(await repo.roles.update({ ...stored!, name: 'Nights', builtin: true }, 1)).toBe(2);
    await expect(repo.roles.update({ ...stored!, name: 'Late' }, 1)).rejects.toThrow(StaleRecord);
    expect(await repo.roles.get('role-a')).toMatchObject({ name: 'Nights', builtin: false, version: 2 });
    expect(await repo.roles.update(role({ id: 'role-none' }))).toBeNull();
    await expect(repo.roles.create(role({ id: 'role-c', name: 'nights', roleKey: 'c' }))).rejects.toThrow();
  });

  it('deletes a role, leaving its accounts without one (their versions raised), and answers their ids', async () => {
    await repo.users.create({ ...admin, id: 'user-n', email: 'n@fleet.test', roleId: 'role-a' });
    expect(await repo.roles.userIds('role-a')).toEqual(['user-n']);
    expect(await repo.roles.delete('role-a')).toEqual(['user-n']);
    expect(await repo.roles.get('role-a')).toBeNull();
    expect(await repo.users.get('user-n')).toMatchObject({ roleId: null, version: 2 });
    expect(await repo.roles.delete('role-a')).toEqual([]);
  });
});
