import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { filter, firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createConnection } from './connection';
import type { ConnectionState } from './types';

const URL = 'ws://console.test/api/ws/connection-test';
let server: Server | undefined;

afterEach(() => {
  server?.stop();
  server = undefined;
});

function connectionUnderTest(heartbeatMs = 60_000) {
  const connection = createConnection({
    createSocket: (url) => new MockWebSocket(url) as unknown as WebSocket,
    now: Date.now,
    backoff: (attempt) => attempt * 5,
    heartbeatMs,
  });
  const states: ConnectionState[] = [];
  connection.state$.subscribe((state) => states.push(state));
  return { connection, states };
}

const summary = (states: ConnectionState[]) =>
  states.map((s) => (s.attempt === undefined ? s.state : `${s.state}#${s.attempt}`));

describe('createConnection (mock-socket)', () => {
  it('reconnects with backoff after the server drops the socket and reports each open', async () => {
    server = new Server(URL);
    const sockets: Array<{ close(): void }> = [];
    server.on('connection', (socket) => sockets.push(socket));
    const { connection, states } = connectionUnderTest();
    const opens = connection.opened$.pipe(take(2), toArray());
    const opened = firstValueFrom(opens);
    connection.connect(URL);
    await firstValueFrom(connection.opened$);
    sockets[0]?.close();
    expect(await opened).toEqual([1, 2]);
    expect(summary(states)).toEqual(['idle', 'connecting', 'open', 'retrying#1', 'connecting#1', 'open']);
    connection.disconnect();
    expect(summary(states).at(-1)).toBe('closed');
  });

  it('gives up after 4 failed reconnects and reports expired', async () => {
    server = new Server(URL);
    const { connection, states } = connectionUnderTest();
    connection.connect(URL);
    await firstValueFrom(connection.opened$);
    server.close();
    server = undefined;
    await firstValueFrom(connection.state$.pipe(filter((s) => s.state === 'expired')));
    expect(summary(states)).toEqual([
      'idle',
      'connecting',
      'open',
      'retrying#1',
      'connecting#1',
      'retrying#2',
      'connecting#2',
      'retrying#3',
      'connecting#3',
      'retrying#4',
      'connecting#4',
      'expired#4',
    ]);
    expect(connection.send({ cmd: 5, data: {} })).toBe(false);
  });

  it('a persistent connection (a wall display) keeps trying past 4 failures and opens when the server returns', async () => {
    server = new Server(URL);
    const { connection, states } = connectionUnderTest();
    connection.connect(URL, { persistent: true });
    await firstValueFrom(connection.opened$);
    server.close();
    server = undefined;
    await firstValueFrom(connection.state$.pipe(filter((s) => s.state === 'retrying' && (s.attempt ?? 0) >= 7)));
    server = new Server(URL);
    expect(await firstValueFrom(connection.opened$)).toBe(2);
    expect(summary(states)).not.toContain('expired#4');
    expect(summary(states).at(-1)).toBe('open');
    connection.disconnect();
  });

  it('sends a heartbeat (cmd 5) periodically while open and passes messages through', async () => {
    server = new Server(URL);
    const received: unknown[] = [];
    server.on('connection', (socket) => {
      socket.on('message', (data) => received.push(JSON.parse(String(data))));
      socket.send('{"cmd":8,"data":"hello"}');
    });
    const { connection } = connectionUnderTest(20);
    const message = firstValueFrom(connection.messages$);
    connection.connect(URL);
    expect(await message).toBe('{"cmd":8,"data":"hello"}');
    await expect.poll(() => received.length, { timeout: 1000 }).toBeGreaterThanOrEqual(2);
    expect(received.slice(0, 2)).toEqual([{ cmd: 5, data: {} }, { cmd: 5, data: {} }]);
    connection.disconnect();
  });
});
