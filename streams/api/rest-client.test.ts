import { describe, expect, it } from 'vitest';
import type { Notice } from '../notices/types';
import { ApiError } from './api-error';
import { createRestClient, type RestChannel } from './rest-client';
import type { RestExchange } from '../../contract/api/types';

type Handler = (url: string, init: RequestInit) => Promise<Response>;

function channel(handler: Handler, timeoutMs = 60_000): RestChannel & { seen: Array<{ url: string; init: RequestInit }>; notices: Notice[]; exchanges: RestExchange[] } {
  const seen: Array<{ url: string; init: RequestInit }> = [];
  const rest = createRestClient({
    apiBase: 'http://api.test/api/',
    token: () => 'tok-9',
    timeoutMs,
    fetch: ((input: RequestInfo | URL, init: RequestInit = {}) => {
      seen.push({ url: String(input), init });
      return handler(String(input), init);
    }) as typeof fetch,
  });
  const notices: Notice[] = [];
  const exchanges: RestExchange[] = [];
  rest.notices$.subscribe((n) => notices.push(n));
  rest.exchanges$.subscribe((e) => exchanges.push(e));
  return { ...rest, seen, notices, exchanges };
}

const envelope =
  (body: unknown, status = 200) =>
  async () =>
    Response.json(body, { status });

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected a rejection');
}

describe('createRestClient', () => {
  it('a quiet request (a wall signing in) rejects as usual but shows no toast or dialog', async () => {
    const refused = channel(envelope({ code: 400, msg: 'This display is no longer valid', data: null }));
    expect((await rejection(refused.request('POST', '/oauth/token', { quiet: true }))).msg).toBe('This display is no longer valid');
    const away = channel(async () => {
      throw new TypeError('fetch failed');
    });
    expect((await rejection(away.request('POST', '/oauth/token', { quiet: true }))).kind).toBe('network');
    const expired = channel(envelope({ code: 401, msg: 'expired', data: null }));
    await rejection(expired.request('GET', '/x', { quiet: true }));
    expect([...refused.notices, ...away.notices, ...expired.notices]).toEqual([]);
  });

  it('sends bearer, language and JSON headers, puts GET params in the query string and resolves data on code 200', async () => {
    const rest = channel(envelope({ code: 200, msg: 'ok', data: { rows: [1], total: 1 } }));
    await expect(rest.client.get('/x/list', { pageNum: 2, pageSize: 20, status: undefined, ids: ['a', 'b'] })).resolves.toEqual({ rows: [1], total: 1 });
    const [{ url, init }] = rest.seen as [{ url: string; init: RequestInit }];
    expect(url).toBe('http://api.test/api/x/list?pageNum=2&pageSize=20&ids=a&ids=b');
    expect(init.headers).toEqual({ Authorization: 'Bearer tok-9', 'Accept-Language': 'en', 'Content-Type': 'application/json' });
    expect(rest.exchanges).toEqual([{ method: 'GET', path: '/x/list?pageNum=2&pageSize=20&ids=a&ids=b', body: { code: 200, msg: 'ok', data: { rows: [1], total: 1 } } }]);
    expect(rest.notices).toEqual([]);
  });

  it('sends bodies as JSON for POST and PUT, and the query for DELETE', async () => {
    const rest = channel(envelope({ code: 200, data: null }));
    await rest.client.post('/a', { name: 'x' });
    await rest.client.put('/b', { name: 'y' });
    await rest.client.del('/c', { account: 'acc' });
    expect(rest.seen.map((s) => [s.init.method, s.url, s.init.body])).toEqual([
      ['POST', 'http://api.test/api/a', '{"name":"x"}'],
      ['PUT', 'http://api.test/api/b', '{"name":"y"}'],
      ['DELETE', 'http://api.test/api/c?account=acc', undefined],
    ]);
  });

  it('code 401 shows the login-expired dialog and rejects, whatever the HTTP status', async () => {
    const rest = channel(envelope({ code: 401, msg: 'expired', data: null }, 200));
    expect(await rejection(rest.client.get('/x'))).toMatchObject({ kind: 'code', code: 401 });
    expect(rest.notices).toEqual([{ kind: 'dialog', reason: 'login-expired', text: 'Login status has expired, please log in again!' }]);
  });

  it.each([400, 403, 300])('code %i shows the server message as a 2 s error toast and rejects', async (code) => {
    const rest = channel(envelope({ code, msg: 'Role name exists', data: null }, code === 300 ? 200 : code));
    expect(await rejection(rest.client.post('/x', {}))).toMatchObject({ kind: 'code', code, msg: 'Role name exists' });
    expect(rest.notices).toEqual([{ kind: 'toast', level: 'error', text: 'Role name exists', durationMs: 2000 }]);
  });

  it('other codes reject silently, and the envelope decides even under an HTTP 200', async () => {
    const rest = channel(envelope({ code: 500, msg: 'boom', data: null }, 200));
    expect(await rejection(rest.client.get('/x'))).toMatchObject({ kind: 'code', code: 500, msg: 'boom' });
    expect(rest.notices).toEqual([]);
  });

  it('falls back to the HTTP status only when the body is not an envelope', async () => {
    const rest = channel(async () => new Response('Forbidden by proxy', { status: 403, headers: { 'content-type': 'text/plain' } }));
    expect(await rejection(rest.client.get('/x'))).toMatchObject({ kind: 'code', code: 403 });
    expect(rest.notices).toEqual([{ kind: 'toast', level: 'error', text: 'Forbidden by proxy', durationMs: 2000 }]);
    const unauthorised = channel(async () => new Response('<html>', { status: 401, headers: { 'content-type': 'text/html' } }));
    expect(await rejection(unauthorised.client.get('/x'))).toMatchObject({ code: 401 });
    expect(unauthorised.notices[0]).toMatchObject({ kind: 'dialog', reason: 'login-expired' });
  });

  it('a network failure toasts the system exception text and rejects with kind network', async () => {
    const rest = channel(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await rejection(rest.client.get('/x'))).toMatchObject({ kind: 'network' });
    expect(rest.notices).toEqual([{ kind: 'toast', level: 'error', text: 'System exception, please contact the administrator', durationMs: 2000 }]);
  });

  it('aborts after the time-out, toasts the time-out text for 5 s and rejects with kind timeout', async () => {
    const rest = channel(
      (_url, init) => new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      30,
    );
    expect(await rejection(rest.client.get('/slow'))).toMatchObject({ kind: 'timeout' });
    expect(rest.notices).toEqual([{ kind: 'toast', level: 'error', text: 'System interface request timeout', durationMs: 5000 }]);
  });

  it('passes binary responses through untouched, and still reads an envelope error from a binary call', async () => {
    const bytes = new Uint8Array([80, 75, 3, 4]);
    const rest = channel(async () => new Response(bytes, { headers: { 'content-type': 'application/vnd.ms-excel' } }));
    const blob = await rest.client.getBlob('/export', { id: 1 });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
    const failing = channel(envelope({ code: 403, msg: 'No export right', data: null }, 403));
    expect(await rejection(failing.client.getBlob('/export'))).toMatchObject({ code: 403 });
    expect(failing.notices[0]).toMatchObject({ text: 'No export right' });
  });

  it('a 401 from the sign-in call is a toast, not an expired login', async () => {
    const rest = channel(envelope({ code: 401, msg: 'Password error !', data: null }, 401));
    await rejection(rest.request('POST', '/oauth/token', { body: {}, authorization: 'Basic eDp5', unauthorized: 'toast' }));
    expect(rest.seen[0]?.init.headers).toMatchObject({ Authorization: 'Basic eDp5' });
    expect(rest.notices).toEqual([{ kind: 'toast', level: 'error', text: 'Password error !', durationMs: 2000 }]);
  });
});
