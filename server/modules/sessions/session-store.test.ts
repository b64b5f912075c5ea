// The session store on the backend under test (SQLite in `unit`, PostgreSQL in `unit-postgres`).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FleetRepository } from '../../platform/database/fleet-repository';
import { openSeededRepository, type SeededRepository } from '../../test-support/seeded-repository';
import { TEST_STORAGE } from '../../test-support/test-database';
import type { SessionRecord } from './session-store';
import { storedAdmin } from '../../test-support/stored-admin';

const admin = storedAdmin;
const session = (n: number, over: Partial<SessionRecord> = {}): SessionRecord => ({
  tokenHash: `t${n}`,
  wsKey: `w${n}`,
  userId: admin.id,
  shareAccount: null,
  displayId: null,
  createdAt: n,
  expiresAt: 1000 + n,
  revoked: false,
  ...over,
});
const revoked = async (n: number) => (await repo.sessions.byTokenHash(`t${n}`))?.revoked;

let seeded: SeededRepository;
let repo: FleetRepository;
beforeAll(async () => {
  seeded = await openSeededRepository();
  repo = seeded.repo;
});
afterAll(() => seeded.close());

describe(`session store on ${TEST_STORAGE}`, () => {
  it('stores a session whole and finds it by token or socket key', async () => {
    await repo.sessions.create(session(1));
    expect(await repo.sessions.byTokenHash('t1')).toEqual(session(1));
    expect(await repo.sessions.byWsKey('w1')).toEqual(session(1));
    expect(await repo.sessions.byWsKey('t1')).toBeNull();
  });

  it("revokes a user's sessions (all of them without one to keep), a share's, a display's or one", async () => {
    await repo.sessions.create(session(2));
    await repo.sessions.create(session(3, { userId: null, shareAccount: 'share-1' }));
    await repo.sessions.create(session(4, { userId: null, displayId: 'display-1' }));
    await repo.sessions.create(session(5));
    await repo.sessions.revokeUser(admin.id);
    expect([await revoked(1), await revoked(2), await revoked(3), await revoked(4)]).toEqual([true, true, false, false]);
    await repo.sessions.revokeShare('share-1');
    await repo.sessions.revokeDisplay('display-1');
    expect([await revoked(3), await revoked(4)]).toEqual([true, true]);
    await repo.sessions.create(session(6));
    await repo.sessions.revoke('t6');
    expect(await revoked(6)).toBe(true);
  });

  it('keeps one live session per display and prunes expired sessions', async () => {
    await repo.sessions.create(session(7, { userId: null, displayId: 'display-1' }));
    await repo.sessions.dropOtherDisplaySessions('display-1', 't7');
    expect(await repo.sessions.byTokenHash('t4')).toBeNull();
    expect(await repo.sessions.byTokenHash('t7')).not.toBeNull();
    await repo.sessions.prune(1004);
    expect(await repo.sessions.byTokenHash('t3')).toBeNull();
    expect(await repo.sessions.byTokenHash('t5')).not.toBeNull();
  });
});
