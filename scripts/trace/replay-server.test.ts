import { readFileSync } from 'node:fs';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { parseTrace } from '../../streams/trace/parse-trace';
import { readTraceFrames } from './frame-stream';
import { startReplayServer, type ReplayServer } from './replay-server';

const sample = parseTrace(readFileSync(new URL('../../tests/traces/sample.jsonl', import.meta.url), 'utf8'));
let server: ReplayServer | undefined;

afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: { code: number; data: any } }> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.json() };
}

describe('replay server', () => {
  it('accepts any sign-in, answers REST from the trace, plays frames on a socket and acks requests', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'replay-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>console</title>');
    server = await startReplayServer({ trace: sample, speed: 'max', port: 0, distDir: dist });
    const api = `${server.url}/api`;

    const token = await json(`${api}/oauth/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: 'Basic eDp5' },
      body: JSON.stringify({ username: 'whoever', password: 'whatever', grant_type: 'password' }),
    });
    expect(token.body.code).toBe(200);
    expect(token.body.data.ws).toBe(`ws://localhost:${server.port}/api/ws/replay`);

    const info = await json(`${api}/customization/user/v1/query/info`, { headers: { 'Content-Type': 'application/json' } });
    expect(info.body.data.user.name).toBe('Operations');
    const snapshot = await json(`${api}/customization/vehicle/v1/query/snapshot`);
    expect(snapshot.body.data.total).toBe(6);
    // A trace rarely holds every vehicle's detail call: it is made from the snapshot row and the devices the frames mention.
    const detail = await json(`${api}/customization/vehicle/v1/get/detail?vehicleId=veh-00001`);
    expect(detail.body.data).toMatchObject({ id: 'veh-00001', name: 'Vehicle 1', fleetName: 'fleet-1' });
    const devices = detail.body.data.devices as Array<{ deviceType: string; version: string }>;
    expect(devices.map((d) => d.deviceType)).toEqual(expect.arrayContaining(['system', 'bms']));
    expect(devices.find((d) => d.deviceType === 'bms')?.version).toBe('2.0.3');
    expect((await json(`${api}/customization/vehicle/v1/get/detail?vehicleId=nobody`)).body.code).toBe(400);
    const history = await json(`${api}/customization/history/v1/query/series?vehicleId=veh-00001&from=2026-01-01T07:00:00.000Z&to=2026-01-01T08:00:00.000Z`);
    expect(history.body.data).toEqual({ from: '2026-01-01T07:00:00.000Z', to: '2026-01-01T08:00:00.000Z', bucketMs: 60_000, ts: [], series: {} });
    const menu = await json(`${api}/customization/router/v1/query/list`);
    expect(menu.body.data.length).toBeGreaterThan(0);
    const removed = await json(`${api}/customization/share/v1/delete/single?account=x`, { method: 'DELETE', headers: { 'Content-Type': 'application/json' } });
    expect(removed).toMatchObject({ status: 200, body: { code: 200 } });

    const page = await fetch(`${server.url}/home/detail/page`);
    expect(await page.text()).toContain('<title>console</title>');
    // The console's security headers, as the product server sends them.
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.headers.get('x-frame-options')).toBe('DENY');

    const socket = new WebSocket(token.body.data.ws);
    const frames: Array<{ cmd: number; seq?: number }> = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      frames.push(...(Array.isArray(message) ? message : [message]));
    });
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ cmd: 66, seq: 41, data: { vehicleId: 'veh-00001', deviceType: 'bms', deviceId: 0 } }));
    // The ack and the played frames share one socket; either may come first on a busy machine.
    await expect.poll(() => frames.length, { timeout: 10_000 }).toBeGreaterThan(400);
    await expect.poll(() => frames.some((f) => f.cmd === 0 && f.seq === 41), { timeout: 10_000 }).toBe(true);
    const cmds = new Set(frames.map((f) => f.cmd));
    for (const cmd of [1, 19, 97, 144, 149]) expect(cmds).toContain(cmd);
    expect(frames).toContainEqual({ cmd: 0, seq: 41, data: { ok: true, msg: 'replay' } });
    socket.close();
  });

  it("moves the trace to the replay clock with retime, answering requests in the trace's own time", async () => {
    server = await startReplayServer({ trace: sample, speed: 'max', port: 0, retime: true });
    const api = `${server.url}/api`;
    const startedAt = Date.now();
    const snapshot = await json(`${api}/customization/vehicle/v1/query/snapshot`);
    const seen = (snapshot.body.data.rows as Array<{ lastSeen: string | null }>).map((row) => Date.parse(row.lastSeen ?? ''));
    for (const ms of seen) expect(Math.abs(ms - startedAt)).toBeLessThan(120_000);

    const from = new Date(startedAt - 3_600_000).toISOString();
    const to = new Date(startedAt).toISOString();
    const history = await json(`${api}/customization/history/v1/query/series?vehicleId=veh-00001&from=${from}&to=${to}`);
    expect(history.body.data).toMatchObject({ from, to });

    const token = await json(`${api}/oauth/token`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    const socket = new WebSocket(token.body.data.ws);
    const times: number[] = [];
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      for (const frame of Array.isArray(message) ? message : [message]) if (typeof frame.data?.ts === 'number') times.push(frame.data.ts);
    });
    await expect.poll(() => times.length, { timeout: 10_000 }).toBeGreaterThan(100);
    socket.close();
    const trace = Date.parse(sample.header.startedAt);
    expect(Math.min(...times)).toBeGreaterThan(startedAt - 5_000);
    expect(Math.max(...times)).toBeLessThan(Date.now() + (sample.lines.at(-1)?.t ?? 0) + 5_000);
    expect(Math.min(...times)).toBeGreaterThan(trace + 86_400_000);
  });

  it('plays socket frames read from a trace file as they fall due, every socket from the start', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'replay-stream-')), 'trace.jsonl');
    writeFileSync(file, readFileSync(new URL('../../tests/traces/sample.jsonl', import.meta.url)));
    const rest = { header: sample.header, lines: sample.lines.filter((line) => line.dir === 'rest') };
    server = await startReplayServer({ trace: rest, speed: 'max', port: 0, frames: () => readTraceFrames(file) });
    const played = sample.lines.filter((line) => line.dir === 'in').length;
    for (let socketNumber = 0; socketNumber < 2; socketNumber += 1) {
      const socket = new WebSocket(`ws://localhost:${server.port}/api/ws/replay`);
      const messages: string[] = [];
      socket.on('message', (data) => messages.push(String(data)));
      await expect.poll(() => messages.length, { timeout: 10_000 }).toBe(played);
      socket.close();
    }
    expect((await json(`${server.url}/api/customization/vehicle/v1/query/snapshot`)).body.data.total).toBe(6);
  });
});
