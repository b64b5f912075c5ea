import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/test-server';

let t: TestServer;
let dist: string;

const writeConsoleConfig = (config: object) => writeFileSync(join(dist, 'config.json'), JSON.stringify(config));

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fleet-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Fleet Console</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
  writeConsoleConfig({ apiBase: '/api', tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png' });
  t = await startTestServer({ staticDir: dist, trustProxy: true });
});
afterAll(() => t.stop());

const directive = (response: Response, name: string): string[] => {
  const policy = response.headers.get('content-security-policy') ?? '';
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found?.slice(1) ?? [];
};

describe('security headers', () => {
  it('come with pages, static files and API answers, errors and the 404 fallback included', async () => {
    const answers = {
      page: await fetch(`${t.url}/vehicles/list`),
      staticFile: await fetch(`${t.url}/assets/app.js`),
      config: await fetch(`${t.url}/config.json`),
      api: await fetch(`${t.url}/api/docs`),
      unauthorised: await fetch(`${t.url}/api/customization/user/v1/query/info`),
      badRequest: await fetch(`${t.url}/api/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      notFound: await fetch(`${t.url}/api/nope`),
    };
    expect(Object.values(answers).map((response) => response.status)).toEqual([200, 200, 200, 200, 401, 400, 404]);
    for (const [name, response] of Object.entries(answers)) {
      expect({ name, frameAncestors: directive(response, 'frame-ancestors'), scriptSrc: directive(response, 'script-src') }).toEqual({
        name,
        frameAncestors: ["'none'"],
        scriptSrc: ["'self'"],
      });
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('lets the console reach its socket and the tile server of config.json, and follows edits of that file', async () => {
    const page = await fetch(`${t.url}/home`);
    const host = new URL(t.url).host;
    expect(directive(page, 'connect-src')).toEqual(["'self'", `ws://${host}`, 'https://*.tiles.example.org']);
    expect(directive(page, 'img-src')).toEqual(["'self'", 'data:', 'https://*.tiles.example.org']);
    expect(directive(page, 'worker-src')).toEqual(["'self'"]);

    writeConsoleConfig({ apiBase: 'https://api.example.org/api', tileUrl: '' });
    const edited = await fetch(`${t.url}/home`);
    expect(directive(edited, 'connect-src')).toEqual(["'self'", `ws://${host}`, 'https://api.example.org', 'wss://api.example.org']);
    // No tile server any more; the API's origin stays, for its offline tiles.
    expect(directive(edited, 'img-src')).toEqual(["'self'", 'data:', 'https://api.example.org']);
  });

  it('adds HSTS and wss only over https, here through a trusted proxy', async () => {
    const page = await fetch(`${t.url}/home`, { headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'fleet.example.org' } });
    expect(page.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(directive(page, 'connect-src')).toContain('wss://fleet.example.org');

    const untrusted = await startTestServer({ staticDir: dist });
    try {
      const forged = await fetch(`${untrusted.url}/home`, { headers: { 'x-forwarded-proto': 'https' } });
      expect(forged.headers.get('strict-transport-security')).toBeNull();
    } finally {
      await untrusted.stop();
    }
  });
});
