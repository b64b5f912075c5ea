import { describe, expect, it } from 'vitest';
import { createRestClient } from '../api/rest-client';
import type { Loadable } from '../api/loadable';
import type { Profile } from '../../contract/api/types';
import { fakeFetch, ok } from '../testing/fake-api';
import { MemoryStorage } from './memory-storage';
import { createProfileStore, type DisplayUnits } from './profile-store';

const profile: Profile = { email: 'a@b.c', userName: 'Ann', phone: '', speedUnit: 'mph', mileageUnit: 'miles', theme: 'dark', avatar: null };

describe('profile store', () => {
  it('loads the profile into the display units, keeps it through a failed reload, and forgets it on reset', async () => {
    let answer: Response = Response.json(ok(profile));
    const { client } = createRestClient({
      apiBase: '/api',
      fetch: fakeFetch({ 'GET /customization/user/v1/get/profile': () => answer }),
      token: () => 'tok',
      timeoutMs: 1000,
    });
    const preferences = new MemoryStorage();
    preferences.setItem('fleet-console.temperature-unit', '°F');
    const store = createProfileStore(client, preferences);
    const states: Loadable<Profile>[] = [];
    let units: DisplayUnits | undefined;
    store.profile$.subscribe((state) => states.push(state));
    store.units$.subscribe((next) => (units = next));

    await store.load();
    expect(units).toEqual({ speed: 'mph', mileage: 'miles', temperature: '°F' });
    answer = Response.json({ code: 500, msg: 'down', data: null }, { status: 500 });
    await expect(store.load()).rejects.toMatchObject({ code: 500 });
    store.reset();
    expect(states).toEqual([
      { status: 'loading', stale: false },
      { status: 'ready', data: profile, stale: false },
      { status: 'error', data: profile, error: expect.objectContaining({ code: 500 }), stale: true },
      { status: 'loading', stale: false },
    ]);
  });

  it("keeps a share guest's units in the browser, where the next guest session finds them", () => {
    const { client } = createRestClient({ apiBase: '/api', fetch: fakeFetch({}), token: () => null, timeoutMs: 1000 });
    const preferences = new MemoryStorage();
    let units: DisplayUnits | undefined;
    createProfileStore(client, preferences).setBrowserUnits({ speed: 'mph', mileage: 'miles', temperature: '°F' });
    const next = createProfileStore(client, preferences);
    next.units$.subscribe((u) => (units = u));
    expect(units).toEqual({ speed: 'km/h', mileage: 'km', temperature: '°F' });
    next.applyBrowserUnits();
    expect(units).toEqual({ speed: 'mph', mileage: 'miles', temperature: '°F' });
  });
});
