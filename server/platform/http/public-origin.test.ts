import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { publicOrigin } from './public-origin';

const LISTENING = 'http://localhost:8080';

/** The origin a request with these headers gets, through Fastify's own request object. */
const originFor = async (config: { publicUrl: string | null; trustProxy: boolean }, headers: Record<string, string>) => {
  const app = Fastify({ trustProxy: config.trustProxy });
  app.get('/', async (req) => publicOrigin(req, config, () => LISTENING));
  const res = await app.inject({ method: 'GET', url: '/', headers });
  await app.close();
  return res.body;
};

describe('public origin of handed-out addresses', () => {
  it('never takes a forged Host header, nor X-Forwarded-* without a trusted proxy', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    expect(await originFor({ publicUrl: null, trustProxy: false }, headers)).toBe(LISTENING);
  });

  it('uses the configured public URL first', async () => {
    const headers = { host: 'evil.example', 'x-forwarded-host': 'evil.example' };
    expect(await originFor({ publicUrl: 'https://fleet.example.com', trustProxy: true }, headers)).toBe('https://fleet.example.com');
  });

  it("behind a trusted proxy, takes the proxy's forwarded host and scheme", async () => {
    const headers = { host: 'backend:8080', 'x-forwarded-host': 'console.example.org', 'x-forwarded-proto': 'https' };
    expect(await originFor({ publicUrl: null, trustProxy: true }, headers)).toBe('https://console.example.org');
  });

  it('falls back to the listening address when a trusted proxy sends no host, or one that is not a host', async () => {
    expect(await originFor({ publicUrl: null, trustProxy: true }, { host: 'evil.example' })).toBe(LISTENING);
    expect(await originFor({ publicUrl: null, trustProxy: true }, { 'x-forwarded-host': 'a.example/x?y' })).toBe(LISTENING);
  });
});
