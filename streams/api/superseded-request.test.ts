import { Type } from '@sinclair/typebox';
import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { NOTICE_TEXT, type Notice } from '../notices/types';
import { fakeFetch, type FakeRoute } from '../testing/fake-api';
import { ApiError } from './api-error';
import type { Loadable } from './loadable';
import { createResourceFactory, type ListQuery } from './resource';
import { createRestClient } from './rest-client';

const Depot = Type.Object({ id: Type.String(), name: Type.String() });
const LIST = 'GET /customization/depot/v1/query/list';

/** A server that never answers: the call ends only when its caller aborts it (as fetch does) or the client times out. */
function silentRoute() {
  const signals: AbortSignal[] = [];
  const route: FakeRoute = (_url, init) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init.signal!;
      signals.push(signal);
      signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
  return { route, signals };
}

function setUp(route: FakeRoute, timeoutMs = 60_000) {
  const calls: string[] = [];
  const notices: Notice[] = [];
  const rest = createRestClient({ apiBase: '/api', fetch: fakeFetch({ [LIST]: route }, calls), token: () => 'tok', timeoutMs });
  rest.notices$.subscribe((notice) => notices.push(notice));
  const depots = createResourceFactory(rest.client, { count: 3, delayMs: () => 0 })({
    name: 'depots',
    base: '/customization/depot/v1',
    idParam: 'depotId',
    schemas: { row: Depot, detail: Depot },
  });
  return { rest, depots, calls, notices };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a superseded REST request', () => {
  it('is aborted on the wire when the list switches to a new query', async () => {
    const silent = silentRoute();
    const { depots, calls } = setUp(silent.route);
    const query$ = new BehaviorSubject<ListQuery>({ filters: { name: 'North' } });
    const seen: Loadable<unknown>[] = [];
    const subscription = depots.list$(query$).subscribe((state) => seen.push(state));
    await expect.poll(() => silent.signals.length).toBe(1);
    query$.next({ filters: { name: 'South' } });
    await expect.poll(() => silent.signals.length).toBe(2);
    expect(silent.signals[0]!.aborted).toBe(true);
    expect(silent.signals[1]!.aborted).toBe(false);
    // The aborted call is not retried, and its end is nobody's error.
    await sleep(20);
    expect(calls.filter((call) => call.includes('North'))).toHaveLength(1);
    expect(seen.some((state) => state.status === 'error')).toBe(false);
    subscription.unsubscribe();
    expect(silent.signals[1]!.aborted).toBe(true);
  });

  it('toasts no time-out once the screen that asked has unsubscribed, and stops its retries', async () => {
    const silent = silentRoute();
    const { depots, calls, notices } = setUp(silent.route, 60);
    const subscription = depots.list$({ pageNum: 1 }).subscribe();
    await expect.poll(() => silent.signals.length).toBe(1);
    subscription.unsubscribe();
    expect(silent.signals[0]!.aborted).toBe(true);
    await sleep(250);
    expect(notices).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('still times out, retries and toasts for a screen that keeps asking (the control)', async () => {
    const silent = silentRoute();
    const { depots, calls, notices } = setUp(silent.route, 30);
    const seen: Loadable<unknown>[] = [];
    const subscription = depots.list$({ pageNum: 1 }).subscribe((state) => seen.push(state));
    await expect.poll(() => seen.at(-1)?.status, { timeout: 2000 }).toBe('error');
    expect(calls).toHaveLength(4);
    expect(notices.filter((notice) => notice.kind === 'toast' && notice.text === NOTICE_TEXT.timeout).length).toBeGreaterThan(0);
    subscription.unsubscribe();
  });

  it('a call aborted through its signal rejects as aborted, without a toast, even where the server refuses it afterwards', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { rest, notices } = setUp(() => new Promise<Response>((resolve) => (answer = resolve)));
    const controller = new AbortController();
    const call = rest.client.get('/customization/depot/v1/query/list', { pageNum: 1 }, { signal: controller.signal });
    controller.abort();
    answer(Response.json({ code: 400, msg: 'Refused', data: null }));
    await expect(call).rejects.toEqual(new ApiError('aborted'));
    expect(notices).toEqual([]);
    // A signal aborted before the call sends nothing.
    const before = rest.client.get('/customization/depot/v1/query/list', undefined, { signal: controller.signal });
    await expect(before).rejects.toMatchObject({ kind: 'aborted' });
    expect(notices).toEqual([]);
  });
});
