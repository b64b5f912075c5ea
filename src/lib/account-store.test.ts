import { describe, expect, it, vi } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import type { FleetConsole } from '../../streams/types';
import { DEFAULT_ROLE, MENU_PATH, USER_INFO_PATH, createAccountStore } from './account-store';

function consoleAnswering(answers: Record<string, unknown>): FleetConsole {
  const get = vi.fn(async (path: string) => {
    if (!(path in answers)) throw new Error('failed');
    return answers[path];
  });
  return { api: { get } } as unknown as FleetConsole;
}

const info = { user: { account: 'a@b.c', header: '', avatar: '', name: 'A', roleList: [] }, roles: [], permissions: [] };

describe('account store', () => {
  it('fetches the user info, then the menu, and gives a user without roles the default role', async () => {
    const fleetConsole = consoleAnswering({ [USER_INFO_PATH]: info, [MENU_PATH]: [] });
    const state = await createAccountStore(fleetConsole).load();
    expect(state).toMatchObject({ status: 'ready', info: { roles: [DEFAULT_ROLE] }, menu: [] });
    expect(vi.mocked(fleetConsole.api.get).mock.calls.map(([path]) => path)).toEqual([USER_INFO_PATH, MENU_PATH]);
  });

  it('reports a failed fetch so the guard can log out', async () => {
    const store = createAccountStore(consoleAnswering({ [USER_INFO_PATH]: info }));
    await store.load();
    await expect(firstValueFrom(store.account$.pipe(filter((s) => s.status !== 'loading')))).resolves.toEqual({ status: 'failed' });
  });

  it('loads once for concurrent callers and forgets everything on reset', async () => {
    const fleetConsole = consoleAnswering({ [USER_INFO_PATH]: info, [MENU_PATH]: [] });
    const store = createAccountStore(fleetConsole);
    await Promise.all([store.load(), store.load()]);
    expect(fleetConsole.api.get).toHaveBeenCalledTimes(2);
    store.reset();
    await expect(firstValueFrom(store.account$)).resolves.toEqual({ status: 'signed-out' });
  });
});
