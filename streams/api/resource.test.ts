import { Type } from '@sinclair/typebox';
import { BehaviorSubject, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { fakeFetch, ok, type FakeRoute } from '../testing/fake-api';
import type { Loadable } from './loadable';
import { createResourceFactory, type ListQuery } from './resource';
import { createRestClient } from './rest-client';

const Depot = Type.Object({ id: Type.String(), name: Type.String() });
const page = (...names: string[]) => ok({ rows: names.map((name, i) => ({ id: `d${i}`, name })), total: names.length });

function setUp(routes: Record<string, FakeRoute>) {
  const calls: string[] = [];
  const { client } = createRestClient({ apiBase: '/api', fetch: fakeFetch(routes, calls), token: () => 'tok', timeoutMs: 1000 });
  const createResource = createResourceFactory(client, { count: 2, delayMs: () => 0 });
  const depots = createResource({ name: 'depots', base: '/customization/depot/v1', idParam: 'depotId', schemas: { row: Depot, detail: Depot } });
  const fleets = createResource({
    name: 'fleets',
    base: '/customization/fleet/v1',
    idParam: 'fleetId',
    schemas: { row: Depot, detail: Depot },
    refreshes: ['depots'],
  });
  return { calls, depots, fleets };
}

/** Records every state a stream emits. */
function watch<T>(stream$: Observable<Loadable<T>>) {
  const seen: Loadable<T>[] = [];
  const subscription = stream$.subscribe((state) => seen.push(state));
  return { seen, last: () => seen[seen.length - 1], stop: () => subscription.unsubscribe() };
}

/** A route whose answers the test releases one by one. */
function heldRoute() {
  const waiting: Array<(response: Response) => void> = [];
  const route: FakeRoute = () => new Promise<Response>((resolve) => waiting.push(resolve));
  const release = (body: unknown) => waiting.shift()?.(Response.json(body));
  return { route, release, pending: () => waiting.length };
}

describe('resource list$', () => {
  it('asks for the page, sort and filters, and emits loading then the rows', async () => {
    const { calls, depots } = setUp({ 'GET /customization/depot/v1/query/list': page('North', 'South') });
    const list = watch(depots.list$({ pageNum: 2, pageSize: 10, sort: 'name', filters: { status: 'active' } }));
    await expect.poll(() => list.last()?.status).toBe('ready');
    expect(calls).toEqual(['GET /api/customization/depot/v1/query/list?status=active&pageNum=2&pageSize=10&sort=name']);
    expect(list.seen).toEqual([
      { status: 'loading', data: undefined, stale: false },
      {
        status: 'ready',
        data: {
          rows: [
            { id: 'd0', name: 'North' },
            { id: 'd1', name: 'South' },
          ],
          total: 2,
        },
        stale: false,
      },
    ]);
  });

  it('keeps the last rows as stale while a new query loads, and drops the answer to a query no longer asked', async () => {
    const held = heldRoute();
    const { depots } = setUp({ 'GET /customization/depot/v1/query/list': held.route });
    const query$ = new BehaviorSubject<ListQuery>({ pageNum: 1 });
    const list = watch(depots.list$(query$));
    await expect.poll(held.pending).toBe(1);
    held.release(page('First page'));
    await expect.poll(() => list.last()?.status).toBe('ready');

    query$.next({ pageNum: 2 });
    query$.next({ pageNum: 3 });
    expect(list.last()).toMatchObject({ status: 'loading', stale: true, data: { rows: [{ name: 'First page' }] } });
    await expect.poll(held.pending).toBe(2);
    held.release(page('Second page'));
    held.release(page('Third page'));
    await expect.poll(() => list.last()?.status).toBe('ready');
    expect(list.last()).toMatchObject({ stale: false, data: { rows: [{ name: 'Third page' }] } });
    expect(list.seen.some((state) => state.data?.rows[0]?.name === 'Second page')).toBe(false);
    list.stop();
  });

  it('turns a refusal into an error value, keeping earlier rows as stale, and does not retry it', async () => {
    let answers = 0;
    const { calls, depots } = setUp({
      'GET /customization/depot/v1/query/list': () => {
        answers += 1;
        return answers === 1 ? Response.json(page('North')) : Response.json({ code: 403, msg: 'No access', data: null }, { status: 403 });
      },
    });
    const list = watch(depots.list$({}));
    await expect.poll(() => list.last()?.status).toBe('ready');
    depots.refresh();
    await expect.poll(() => list.last()?.status).toBe('error');
    expect(list.last()).toMatchObject({ stale: true, data: { rows: [{ name: 'North' }] }, error: { code: 403 } });
    expect(calls).toHaveLength(2);
    list.stop();
  });

  it('polls while asked to', async () => {
    let running = 2;
    const { calls, depots } = setUp({
      'GET /customization/depot/v1/get/detail': () => Response.json(ok({ id: 'd1', name: `running ${running--}` })),
    });
    const detail = watch(depots.get$('d1', { poll: { everyMs: 1, while: (d) => d.name !== 'running 0' } }));
    await expect.poll(() => detail.last()?.data?.name).toBe('running 0');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual(Array(3).fill('GET /api/customization/depot/v1/get/detail?depotId=d1'));
  });
});

describe('resource writes', () => {
  it('post, put and delete the designed calls and reload the lists they touch without going back to loading', async () => {
    let names = ['North'];
    const { calls, depots, fleets } = setUp({
      'GET /customization/depot/v1/query/list': () => Response.json(page(...names)),
      'GET /customization/fleet/v1/query/list': () => Response.json(page('Fleet A')),
      'POST /customization/fleet/v1/add/single': ok({ id: 'f9', name: 'Fleet B' }),
      'PUT /customization/depot/v1/update/single': ok({ id: 'd0', name: 'Harbour' }),
      'DELETE /customization/depot/v1/delete/single': ok(null),
    });
    const depotList = watch(depots.list$({}));
    const fleetList = watch(fleets.list$({}));
    await expect.poll(() => [depotList.last()?.status, fleetList.last()?.status]).toEqual(['ready', 'ready']);

    names = ['North', 'South'];
    await expect(fleets.create({ name: 'Fleet B' })).resolves.toEqual({ id: 'f9', name: 'Fleet B' });
    await expect.poll(() => depotList.last()?.data?.total).toBe(2);
    await depots.update({ depotId: 'd0', name: 'Harbour' });
    await depots.remove('d0');
    expect(calls.filter((call) => !call.startsWith('GET'))).toEqual([
      'POST /api/customization/fleet/v1/add/single',
      'PUT /api/customization/depot/v1/update/single',
      'DELETE /api/customization/depot/v1/delete/single?depotId=d0',
    ]);
    // The fleet write reloaded both lists, each depot write the depot list alone.
    await expect.poll(() => calls.filter((call) => call.includes('depot/v1/query/list')).length).toBe(4);
    expect(calls.filter((call) => call.includes('fleet/v1/query/list'))).toHaveLength(2);
    expect(depotList.seen.filter((state) => state.status === 'loading')).toHaveLength(1);
  });
});

describe('resource get$', () => {
  it('retries a network failure and answers; gives up after the retry count with the error as a value', async () => {
    let failures = 1;
    const { calls, depots } = setUp({
      'GET /customization/depot/v1/get/detail': () => {
        if (failures-- > 0) throw new TypeError('fetch failed');
        return Response.json(ok({ id: 'd1', name: 'North' }));
      },
    });
    const detail = watch(depots.get$('d1'));
    await expect.poll(() => detail.last()?.status).toBe('ready');
    expect(detail.last()?.data).toEqual({ id: 'd1', name: 'North' });
    expect(calls).toHaveLength(2);

    failures = 10;
    const failing = watch(depots.get$('d2'));
    await expect.poll(() => failing.last()?.status).toBe('error');
    expect(failing.last()).toMatchObject({ stale: false, error: { kind: 'network' } });
    expect(calls).toHaveLength(5);
  });
});

describe('resource listAll', () => {
  it('reads every page in the largest page size, with the sort and filters, for an export', async () => {
    const pages = [ok({ rows: Array.from({ length: 500 }, (_, i) => ({ id: `a${i}`, name: 'A' })), total: 501 }), ok({ rows: [{ id: 'b0', name: 'B' }], total: 501 })];
    const { calls, depots } = setUp({ 'GET /customization/depot/v1/query/list': () => Response.json(pages.shift()) });
    const rows = await depots.listAll({ pageNum: 7, pageSize: 20, sort: '-name', filters: { status: 'active' } });
    expect(rows).toHaveLength(501);
    expect(calls).toEqual([
      'GET /api/customization/depot/v1/query/list?status=active&pageNum=1&pageSize=500&sort=-name',
      'GET /api/customization/depot/v1/query/list?status=active&pageNum=2&pageSize=500&sort=-name',
    ]);
  });
});

describe('resource lookup', () => {
  it('asks one small page of the list filtered by what was typed, within the given filters', async () => {
    const { calls, depots } = setUp({ 'GET /customization/depot/v1/query/list': page('North quay') });
    await expect(depots.lookup(' north ', { fleetId: 'f1' })).resolves.toEqual([{ id: 'd0', name: 'North quay' }]);
    await depots.lookup('');
    expect(calls).toEqual([
      'GET /api/customization/depot/v1/query/list?fleetId=f1&name=north&pageNum=1&pageSize=20',
      'GET /api/customization/depot/v1/query/list?pageNum=1&pageSize=20',
    ]);
  });
});
