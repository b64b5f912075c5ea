import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fleet Console</title>');
  writeFileSync(join(dist, 'config.json'), '{"apiBase":"/api"}');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  t = await startTestServer({ staticDir: dist });
});
afterAll(() => t.stop());

it('serves files from the static dir, config.json as a file', async () => {
  const res = await fetch(`${t.url}/config.json`);
  expect(res.headers.get('content-type')).toContain('application/json');
  expect(await res.json()).toEqual({ apiBase: '/api' });
  expect(await (await fetch(`${t.url}/assets/app.js`)).text()).toBe('console.log(1)');
});

it('falls back to index.html for console routes, never for /api', async () => {
  for (const path of ['/', '/home', '/vehicles/list?x=1', '/share?tk=abc']) {
    const res = await fetch(`${t.url}${path}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Fleet Console</title>');
  }
  // Paths the file server refuses as non-canonical (doubled slashes, as in a path a browser reads
  // as another site) are no files either: the console's router takes them.
  for (const path of ['//evil.example/home', '//evil.example', '/vehicles//list', '//assets/app.js']) {
    const res = await fetch(`${t.url}${path}`);
    expect(res.status, path).toBe(200);
    expect(await res.text()).toContain('<title>Fleet Console</title>');
  }
  const api = await fetch(`${t.url}/api/nope`);
  expect(api.status).toBe(404);
  expect((await api.json()).code).toBe(404);
});

it('answers CORS preflights and tags answers for configured origins only', async () => {
  const other = await startTestServer({ corsOrigins: ['https://console.example'] });
  try {
    const pre = await fetch(`${other.url}/api/customization/user/v1/query/info`, {
      method: 'OPTIONS',
      headers: { origin: 'https://console.example', 'access-control-request-method': 'GET' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-headers')).toContain('Authorization');
    const get = await fetch(`${other.url}/api/customization/user/v1/query/info`, { headers: { origin: 'https://console.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('https://console.example');
    const stranger = await fetch(`${other.url}/api/customization/user/v1/query/info`, { headers: { origin: 'https://evil.example' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();
  } finally {
    await other.stop();
  }
});

it('serves no source map, not even one left in the static dir', async () => {
  writeFileSync(join(t.config.staticDir, 'assets', 'app.js.map'), '{"version":3,"sources":["src/app.ts"]}');
  for (const path of ['/assets/app.js.map', '/assets/app.js.map?v=1']) {
    const res = await fetch(`${t.url}${path}`);
    expect(res.status, path).toBe(404);
    expect(await res.json()).toEqual({ code: 404, msg: 'Unable to find webpage!', data: null });
  }
  // Spelled with an escape it is no file name the file server serves: the console's router takes it.
  expect(await (await fetch(`${t.url}/assets/app.js%2Emap`)).text()).toContain('<title>Fleet Console</title>');
});

it('answers HEAD wherever GET answers, with the same headers and no body', async () => {
  for (const path of ['/login', '/vehicles/list?x=1', '/', '/assets/app.js', '/config.json', '/api/tiles/info', '/api/nope']) {
    const get = await fetch(`${t.url}${path}`);
    const head = await fetch(`${t.url}${path}`, { method: 'HEAD' });
    expect(head.status, path).toBe(get.status);
    expect(head.headers.get('content-type'), path).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length'), path).toBe(String((await get.arrayBuffer()).byteLength));
    expect(await head.text(), path).toBe('');
  }
});
