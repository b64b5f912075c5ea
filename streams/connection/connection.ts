import {
  BehaviorSubject,
  EMPTY,
  Subject,
  asyncScheduler,
  catchError,
  concat,
  defer,
  distinctUntilChanged,
  map,
  merge,
  of,
  switchMap,
  throwError,
  type Observable,
  type SchedulerLike,
} from 'rxjs';
import { webSocket, type WebSocketSubject } from 'rxjs/webSocket';
import { encode } from '../../contract/protocol/encode';
import { CMD, type OutgoingFrame } from '../../contract/protocol/types';
import { scheduledBackoff } from './backoff';
import { heartbeat } from './heartbeat';
import { reconnect } from './reconnect';
import type { Connection, ConnectionState, ConnectionStateName } from './types';

export interface ConnectionOptions {
  createSocket: (url: string) => WebSocket;
  now: () => number;
  scheduler?: SchedulerLike;
  backoff?: (attempt: number) => number;
  /** The reconnect schedule when no `backoff` is given; RECONNECT_DELAYS_MS by default. */
  reconnectDelaysMs?: readonly number[];
  heartbeatMs?: number;
  maxAttempts?: number;
}

type SocketEvent = { type: 'open' } | { type: 'message'; data: unknown } | { type: 'beat' } | { type: 'expired' };

const HEARTBEAT_MS = 20_000;
const MAX_RECONNECT_ATTEMPTS = 4;
/**
 * Waits before reconnect attempts 1-4: attempts near 3, 16, 38 and 74 s after a drop (each wait up to
 * 15 % shorter), so the 4 attempts span at least 63 s and a server restarted within a minute signs
 * nobody out. A wall display keeps trying every 15 s after that.
 */
export const RECONNECT_DELAYS_MS = [3_500, 13_000, 22_000, 36_000, 15_000];
const RECONNECT_JITTER = 0.15;

class SocketClosed extends Error {
  constructor() {
    super('websocket closed');
  }
}

/**
 * The websocket as data: one socket per `connect(url)`, reopened with backoff when it drops or fails,
 * at most `maxAttempts` times in a row before `expired`; a heartbeat (cmd 5) while open.
 */
export function createConnection(options: ConnectionOptions): Connection {
  const scheduler = options.scheduler ?? asyncScheduler;
  const backoff = options.backoff ?? scheduledBackoff({ delaysMs: options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS, jitter: RECONNECT_JITTER, random: Math.random });
  const state$$ = new BehaviorSubject<ConnectionState>({ state: 'idle', since: options.now() });
  const messages$$ = new Subject<unknown>();
  const opened$$ = new Subject<number>();
  const sent$$ = new Subject<OutgoingFrame>();
  const url$$ = new Subject<{ url: string; persistent: boolean } | null>();
  // rxjs constructs the socket with `new`; a constructor returning an object yields that object.
  const WebSocketCtor = function (url: string) {
    return options.createSocket(url);
  } as unknown as new (url: string) => WebSocket;

  let socket: WebSocketSubject<unknown> | null = null;
  let opens = 0;
  let attempt = 0;

  const setState = (state: ConnectionStateName, retryAt?: number): void => {
    const since = options.now();
    if (attempt === 0 || state === 'open') state$$.next({ state, since });
    else state$$.next(retryAt === undefined ? { state, attempt, since } : { state, attempt, retryAt, since });
  };

  const socketEvents = (url: string): Observable<SocketEvent> =>
    defer(() => {
      setState('connecting');
      const open$$ = new Subject<Event>();
      const subject = webSocket<unknown>({
        url,
        WebSocketCtor,
        openObserver: open$$,
        deserializer: (event: MessageEvent<unknown>) => event.data,
        serializer: (frame) => encode(frame as OutgoingFrame),
      });
      socket = subject;
      return merge(
        open$$.pipe(map((): SocketEvent => ({ type: 'open' }))),
        heartbeat(open$$, options.heartbeatMs ?? HEARTBEAT_MS, scheduler).pipe(map((): SocketEvent => ({ type: 'beat' }))),
        // A clean close completes the subject; for the console any close is a drop to recover from.
        concat(
          subject,
          throwError(() => new SocketClosed()),
        ).pipe(map((data): SocketEvent => ({ type: 'message', data }))),
      );
    });

  const events$ = url$$.pipe(
    switchMap((target) => {
      socket = null;
      opens = 0;
      attempt = 0;
      if (target === null) return EMPTY;
      return socketEvents(target.url).pipe(
        reconnect({
          maxAttempts: target.persistent ? Infinity : (options.maxAttempts ?? MAX_RECONNECT_ATTEMPTS),
          backoff,
          scheduler,
          onRetry: (n, delayMs) => {
            socket = null;
            attempt = n;
            setState('retrying', options.now() + delayMs);
          },
        }),
        catchError(() => of<SocketEvent>({ type: 'expired' })),
      );
    }),
  );

  events$.subscribe((event) => {
    switch (event.type) {
      case 'open':
        attempt = 0;
        opens += 1;
        setState('open');
        opened$$.next(opens);
        break;
      case 'message':
        messages$$.next(event.data);
        break;
      case 'beat':
        send({ cmd: CMD.heartbeat, data: {} });
        break;
      case 'expired':
        socket = null;
        setState('expired');
        break;
    }
  });

  function send(frame: OutgoingFrame): boolean {
    if (!socket || state$$.value.state !== 'open') return false;
    socket.next(frame);
    sent$$.next(frame);
    return true;
  }

  return {
    state$: state$$.pipe(distinctUntilChanged((a, b) => a.state === b.state && a.attempt === b.attempt)),
    messages$: messages$$.asObservable(),
    opened$: opened$$.asObservable(),
    sent$: sent$$.asObservable(),
    connect: (url, connectOptions) => url$$.next({ url, persistent: connectOptions?.persistent ?? false }),
    disconnect: () => {
      const wasActive = state$$.value.state !== 'idle' && state$$.value.state !== 'closed';
      url$$.next(null);
      if (wasActive) setState('closed');
    },
    send,
  };
}
