import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { afterEach, expect, it } from 'vitest';
import type { Actor } from '../access/actor';
import { VehicleDirectory } from '../fleet/vehicle-directory';
import { OVERSIZE_STRIKES, SocketHub } from './socket-hub';

class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  sent: string[] = [];
  send(data: string | Buffer) {
    this.sent.push(data.toString());
  }
  closedWith: number | null = null;
  close(code?: number) {
    this.closedWith = code ?? 1005;
    this.readyState = 3;
    this.emit('close');
  }
  terminate() {
    this.close();
  }
  ping() {
    setImmediate(() => this.emit('pong'));
  }
  frames() {
    return this.sent.flatMap((m) => {
      const parsed = JSON.parse(m) as unknown;
      return (Array.isArray(parsed) ? parsed : [parsed]) as Array<{ cmd: number; seq?: number; data: { vehicleId?: string; ts?: number } }>;
    });
  }
}

const superActor = { kind: 'user', scope: { all: true }, session: { expiresAt: Number.MAX_SAFE_INTEGER } } as unknown as Actor;
const hubs: SocketHub[] = [];
const makeHub = (opts: { maxBufferedBytes?: number; maxQueuedFrames?: number; maxInboundBytes?: number; now?: () => number } = {}) => {
  const directory = new VehicleDirectory();
  for (let i = 0; i < 10; i++) directory.set({ id: `v${i}`, fleetId: 'f', subFleetId: null, depotId: null });
  const hub = new SocketHub({
    directory,
    setLive: () => undefined,
    currentFrames: (vehicleId: string) => [status(vehicleId, 0)],
    resolve: async () => superActor,
    deviceCommands: async () => null,
    now: Date.now,
    flushMs: 10_000,
    ...opts,
  });
  hubs.push(hub);
  return hub;
};
const status = (vehicleId: string, ts: number) => ({ cmd: 19 as const, data: { vehicleId, status: 'normal' as const, ts } });
const settle = () => new Promise((r) => setTimeout(r, 0));

afterEach(() => {
  for (const h of hubs.splice(0)) h.stop();
});

it('sends one frame bare and several as one array', async () => {
  const hub = makeHub();
  const socket = new FakeSocket();
  hub.attach(socket as unknown as WebSocket, 'k', superActor);
  socket.emit('message', Buffer.from(JSON.stringify({ cmd: 32, seq: 1, data: { all: true } })), false);
  await settle();
  socket.sent = [];
  hub.publish(status('v1', 1));
  hub.flush();
  expect(JSON.parse(socket.sent[0]!)).toMatchObject({ cmd: 19 });
  hub.publish(status('v1', 2));
  hub.publish(status('v2', 2));
  hub.flush();
  expect(JSON.parse(socket.sent[1]!)).toHaveLength(2);
});

it('sends the current state of a vehicle subscribed by id', async () => {
  const hub = makeHub();
  const socket = new FakeSocket();
  hub.attach(socket as unknown as WebSocket, 'k', superActor);
  socket.emit('message', Buffer.from(JSON.stringify({ cmd: 32, seq: 1, data: { vehicleIds: ['v3'] } })), false);
  await settle();
  hub.flush();
  expect(
    socket
      .frames()
      .filter((f) => f.cmd === 19)
      .map((f) => f.data.vehicleId),
  ).toEqual(['v3']);
});

it('lets a slow consumer drop its oldest frames, bounded, and counts the drops', async () => {
  const hub = makeHub({ maxBufferedBytes: 1000, maxQueuedFrames: 5 });
  const slow = new FakeSocket();
  const fast = new FakeSocket();
  for (const s of [slow, fast]) {
    hub.attach(s as unknown as WebSocket, 'k', superActor);
    s.emit('message', Buffer.from(JSON.stringify({ cmd: 32, data: { all: true } })), false);
  }
  await settle();
  slow.bufferedAmount = 5000;
  for (let i = 0; i < 12; i++) {
    hub.publish(status(`v${i % 10}`, i));
    hub.flush();
  }
  expect(slow.sent).toHaveLength(0);
  expect(hub.stats.framesDropped).toBe(7);
  expect(fast.frames()).toHaveLength(12);
  slow.bufferedAmount = 0;
  hub.flush();
  expect(slow.frames().map((f) => f.data.ts)).toEqual([7, 8, 9, 10, 11]);
});

it('drops and counts a too-large message, keeps the socket, and closes it only when they keep coming', async () => {
  let now = 1_000_000;
  const hub = makeHub({ maxInboundBytes: 100, now: () => now });
  const socket = new FakeSocket();
  hub.attach(socket as unknown as WebSocket, 'k', superActor);
  const tooLarge = Buffer.from(JSON.stringify({ cmd: 5, seq: 1, data: { pad: 'x'.repeat(200) } }));
  const heartbeat = (seq: number) => socket.emit('message', Buffer.from(JSON.stringify({ cmd: 5, seq, data: {} })), false);

  for (let i = 1; i < OVERSIZE_STRIKES.count; i++) socket.emit('message', tooLarge, false);
  heartbeat(2);
  await settle();
  expect(hub.stats.malformed['too-large']).toBe(OVERSIZE_STRIKES.count - 1);
  expect(socket.frames().map((f) => f.seq)).toEqual([2]);
  expect(socket.closedWith).toBeNull();

  // Strikes older than the window are forgotten.
  now += OVERSIZE_STRIKES.windowMs;
  socket.emit('message', tooLarge, false);
  expect(socket.closedWith).toBeNull();

  for (let i = 1; i < OVERSIZE_STRIKES.count; i++) socket.emit('message', tooLarge, false);
  expect(socket.closedWith).toBe(1009);
  expect(hub.stats.malformed['too-large']).toBe(2 * OVERSIZE_STRIKES.count - 1);
});

it('encodes a frame once for every session that takes it, and never one nobody takes', async () => {
  const hub = makeHub();
  const sockets = [new FakeSocket(), new FakeSocket()];
  sockets.forEach((socket, i) => {
    hub.attach(socket as unknown as WebSocket, `k${i}`, superActor);
    socket.emit('message', Buffer.from(JSON.stringify({ cmd: 32, seq: 1, data: { vehicleIds: ['v1'] } })), false);
  });
  await settle();
  const encoded: string[] = [];
  const counted = (vehicleId: string) => {
    const frame = status(vehicleId, 5);
    return { ...frame, toJSON: () => (encoded.push(vehicleId), frame) };
  };
  hub.publish(counted('v1'));
  hub.publish(counted('v2'));
  hub.flush();
  expect(encoded).toEqual(['v1']);
  for (const socket of sockets)
    expect(
      socket
        .frames()
        .filter((f) => f.data.ts === 5)
        .map((f) => f.data.vehicleId),
    ).toEqual(['v1']);
});
