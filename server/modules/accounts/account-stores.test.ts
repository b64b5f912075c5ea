// The account and verification code stores on the backend under test (SQLite in `unit`, PostgreSQL in `unit-postgres`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetRepository } from '../../platform/database/fleet-repository';
import { StaleRecord } from '../../platform/database/storage-conflict';
import { openSeededRepository, type SeededRepository } from '../../test-support/seeded-repository';
import { TEST_STORAGE } from '../../test-support/test-database';
import type { UserRecord } from './user-store';
import { storedAdmin } from '../../test-support/stored-admin';

const admin = storedAdmin;
const account = (n: number, over: Partial<UserRecord> = {}): UserRecord => ({
  ...admin,
  id: `user-${n}`,
  email: `driver${n}@fleet.test`,
  userName: `Driver ${n}`,
  roleId: 'role-member',
  createdAt: `2026-11-0${n + 1}T00:00:00.000Z`,
  ...over,
});

let seeded: SeededRepository;
let repo: FleetRepository;
beforeAll(async () => {
  seeded = await openSeededRepository();
  repo = seeded.repo;
  for (const [n, over] of [
    [1, {}],
    [2, { userName: 'Night_50%', status: 'disabled' }],
    [3, { email: 'Third@Fleet.test' }],
  ] as const) {
    await repo.users.create(account(n, over));
  }
});
afterAll(() => seeded.close());

describe(`account store on ${TEST_STORAGE}`, () => {
  it('lists by creation then email, filtered by email, search (email or name), status and role, in pages', async () => {
    const ids = async (filter: Parameters<FleetRepository['users']['list']>[0]) => (await repo.users.list(filter, null)).rows.map((u) => u.id);
    expect(await ids({})).toEqual(['user-admin', 'user-1', 'user-2', 'user-3']);
    expect(await ids({ email: 'DRIVER' })).toEqual(['user-1', 'user-2']);
    expect(await ids({ search: 'night_50%' })).toEqual(['user-2']);
    expect(await ids({ search: 'third' })).toEqual(['user-3']);
    expect(await ids({ status: 'disabled' })).toEqual(['user-2']);
    expect(await ids({ roleId: 'role-member', status: 'active' })).toEqual(['user-1', 'user-3']);
    expect(await repo.users.list({ roleId: 'role-member' }, { pageNum: 2, pageSize: 2 })).toEqual({
      rows: [{ ...account(3, { email: 'Third@Fleet.test' }), version: 1 }],
      total: 3,
    });
  });

  it('finds an account by email in any case, saves from the version read and notes sign-ins apart', async () => {
    const third = await repo.users.byEmail('third@fleet.TEST');
    expect(third?.id).toBe('user-3');
    expect(await repo.users.update({ ...third!, phone: '+49 1' }, 1)).toBe(2);
    await expect(repo.users.update({ ...third!, phone: '+49 2' }, 1)).rejects.toThrow(StaleRecord);
    await repo.users.recordSignIn('user-3', '2026-11-20T10:00:00.000Z');
    expect(await repo.users.get('user-3')).toMatchObject({ phone: '+49 1', lastSignInAt: '2026-11-20T10:00:00.000Z', version: 2 });
    expect(await repo.users.update(account(9))).toBeNull();
  });

  it('assigns one role to several accounts at once, raising their versions, and deletes an account', async () => {
    await repo.users.assignRole(['user-1', 'user-2', 'user-none'], 'role-operator');
    expect((await repo.users.list({ roleId: 'role-operator' }, null)).rows.map((u) => [u.id, u.version])).toEqual([
      ['user-1', 2],
      ['user-2', 2],
    ]);
    await repo.users.assignRole([], 'role-member');
    await repo.users.delete('user-2');
    expect(await repo.users.get('user-2')).toBeNull();
  });
});

describe(`verification code store on ${TEST_STORAGE}`, () => {
  it('keeps one code per address (any case) and purpose; a new one replaces it and its attempts', async () => {
    await repo.codes.put({ email: 'New@Fleet.test', purpose: 'register', codeHash: 'h1', expiresAt: 1000 });
    await repo.codes.put({ email: 'new@fleet.test', purpose: 'reset', codeHash: 'r1', expiresAt: 1000 });
    await repo.codes.countAttempt('NEW@fleet.test', 'register');
    await repo.codes.countAttempt('new@fleet.test', 'register');
    expect(await repo.codes.get('new@FLEET.test', 'register')).toEqual({ codeHash: 'h1', expiresAt: 1000, attempts: 2 });
    await repo.codes.put({ email: 'new@fleet.test', purpose: 'register', codeHash: 'h2', expiresAt: 2000 });
    expect(await repo.codes.get('New@Fleet.test', 'register')).toEqual({ codeHash: 'h2', expiresAt: 2000, attempts: 0 });
    await repo.codes.delete('NEW@FLEET.TEST', 'register');
    expect(await repo.codes.get('new@fleet.test', 'register')).toBeNull();
    expect(await repo.codes.get('new@fleet.test', 'reset')).toEqual({ codeHash: 'r1', expiresAt: 1000, attempts: 0 });
  });
});
