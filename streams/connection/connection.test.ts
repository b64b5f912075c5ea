import { Server, WebSocket as MockWebSocket } from 'mock-socket';
import { VirtualAction, VirtualTimeScheduler, filter, firstValueFrom, take, toArray } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { scheduledBackoff } from './backoff';
import { RECONNECT_DELAYS_MS, createConnection } from './connection';
import type { ConnectionState } from './types';

const URL = 'ws://console.test/api/ws/connection-test';
let server: Server | undefined;

afterEach(() => {
  vi.restoreAllMocks();
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

const summary = (states: ConnectionState[]) => states.map((s) => (s.attempt === undefined ? s.state : `${s.state}#${s.attempt}`));

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
    expect(received.slice(0, 2)).toEqual([
      { cmd: 5, data: {} },
      { cmd: 5, data: {} },
    ]);
    connection.disconnect();
  });
});

/** A socket on virtual time: it opens while the server is up and closes at once while it is down. */
function virtualSocketFactory(scheduler: VirtualTimeScheduler, serverUp: () => boolean, sockets: Array<{ onclose: ((event: CloseEvent) => void) | null }>) {
  return () => {
    const socket = {
      readyState: 0,
      onopen: null as ((event: Event) => void) | null,
      onclose: null as ((event: CloseEvent) => void) | null,
      onerror: null as ((event: Event) => void) | null,
      onmessage: null as ((event: MessageEvent) => void) | null,
      send: () => undefined,
      close: () => undefined,
    };
    sockets.push(socket);
    scheduler.schedule(() => {
      if (serverUp()) {
        socket.readyState = 1;
        socket.onopen?.(new Event('open'));
      } else {
        socket.readyState = 3;
        socket.onclose?.({ wasClean: false, code: 1006, reason: '' } as CloseEvent);
      }
    });
    return socket as unknown as WebSocket;
  };
}

describe('the default reconnect schedule', () => {
  it('spreads the 4 attempts over more than a minute, even with the most jitter', () => {
    const shortest = scheduledBackoff({ delaysMs: RECONNECT_DELAYS_MS, jitter: 0.15, random: () => 0.999_999 });
    const longest = scheduledBackoff({ delaysMs: RECONNECT_DELAYS_MS, jitter: 0.15, random: () => 0 });
    const total = (delay: (n: number) => number) => [1, 2, 3, 4].reduce((sum, n) => sum + delay(n), 0);
    expect(total(shortest)).toBeGreaterThan(60_000);
    expect(total(longest)).toBeLessThan(80_000);
    expect(longest(1)).toBeLessThanOrEqual(3_500);
    // A wall display goes on trying every 15 s.
    expect([5, 9].map(longest)).toEqual([15_000, 15_000]);
  });

  const outage = (downMs: number, random: number) => {
    // The default schedule's jitter, pinned.
    vi.spyOn(Math, 'random').mockReturnValue(random);
    const scheduler = new VirtualTimeScheduler(VirtualAction, 0);
    const advanceTo = (ms: number) => {
      scheduler.maxFrames = ms;
      scheduler.flush();
    };
    const down = { from: 1_000, to: 1_000 + downMs };
    const serverUp = () => scheduler.now() < down.from || scheduler.now() >= down.to;
    const sockets: Array<{ onclose: ((event: CloseEvent) => void) | null }> = [];
    const connection = createConnection({
      createSocket: virtualSocketFactory(scheduler, serverUp, sockets),
      now: () => scheduler.now(),
      scheduler,
      heartbeatMs: 3_600_000,
    });
    const states: ConnectionState[] = [];
    connection.state$.subscribe((state) => states.push(state));
    connection.connect(URL);
    advanceTo(down.from);
    expect(states.at(-1)?.state).toBe('open');
    sockets.at(-1)?.onclose?.({ wasClean: false, code: 1006, reason: '' } as CloseEvent);
    advanceTo(down.to + 120_000);
    return states;
  };

  it.each([0, 0.999_999])('rides out a server away for 60 s without expiring (jitter %s), saying when it tries next', (random) => {
    const states = outage(60_000, random);
    expect(states.map((s) => s.state)).not.toContain('expired');
    expect(states.at(-1)?.state).toBe('open');
    const retries = states.filter((s) => s.state === 'retrying');
    expect(retries.length).toBeGreaterThan(0);
    for (const s of retries) expect(s.retryAt).toBe(s.since + scheduledBackoff({ delaysMs: RECONNECT_DELAYS_MS, jitter: 0.15, random: () => random })(s.attempt ?? 0));
  });

  it('expires after the 4th failed attempt when the server stays away', () => {
    const states = outage(600_000, 0.999_999);
    const expired = states.find((s) => s.state === 'expired');
    expect(expired).toMatchObject({ attempt: 4 });
    // Not before a minute has passed since the drop at 1 s.
    expect(expired?.since).toBeGreaterThan(61_000);
  });
});
