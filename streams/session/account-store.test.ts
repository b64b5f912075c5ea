import { describe, expect, it } from 'vitest';
import { firstValueFrom, filter } from 'rxjs';
import { createRestClient } from '../api/rest-client';
import { fakeFetch, ok } from '../testing/fake-api';
import { DEFAULT_ROLE, createAccountStore } from './account-store';

const INFO = 'GET /customization/user/v1/query/info';
const MENU = 'GET /customization/router/v1/query/list';
const info = { user: { account: 'a@b.c', header: '', avatar: '', name: 'A', roleList: [] }, roles: [], permissions: [] };

function storeAnswering(routes: Record<string, ReturnType<typeof ok>>) {
  const calls: string[] = [];
  const { client } = createRestClient({ apiBase: '/api', fetch: fakeFetch(routes, calls), token: () => 'tok', timeoutMs: 1000 });
  return { store: createAccountStore(client), calls };
}

describe('account store', () => {
  it('fetches the user info, then the menu, and gives a user without roles the default role', async () => {
    const { store, calls } = storeAnswering({ [INFO]: ok(info), [MENU]: ok([]) });
    const state = await store.load();
    expect(state).toMatchObject({ status: 'ready', info: { roles: [DEFAULT_ROLE] }, menu: [] });
    expect(calls).toEqual(['GET /api/customization/user/v1/query/info', 'GET /api/customization/router/v1/query/list']);
  });

  it('reports a failed fetch so the guard can log out', async () => {
    const { store } = storeAnswering({ [INFO]: ok(info) });
    await store.load();
    await expect(firstValueFrom(store.account$.pipe(filter((s) => s.status !== 'loading')))).resolves.toEqual({ status: 'failed' });
  });

  it('loads once for concurrent callers and forgets everything on reset', async () => {
    const { store, calls } = storeAnswering({ [INFO]: ok(info), [MENU]: ok([]) });
    await Promise.all([store.load(), store.load()]);
    expect(calls).toHaveLength(2);
    store.reset();
    await expect(firstValueFrom(store.account$)).resolves.toEqual({ status: 'signed-out' });
  });
});
