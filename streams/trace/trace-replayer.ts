import { Subject, asyncScheduler, type Observable, type SchedulerLike } from 'rxjs';
import { retime, retimeAnswers, retimeMessage, traceStartMs } from './retime';
import type { Envelope, VehicleSnapshot } from '../../contract/api/types';
import { SNAPSHOT_PATH } from '../api/fleet-calls';
import type { IncomingFrame } from '../../contract/protocol/types';
import type { FleetRewind } from '../types';
import type { TraceCheckpoint } from './trace-index';
import { createTraceRestAnswers } from './trace-rest-answers';
import { TracePlayer } from './trace-player';
import type { ReplaySpeed, Trace } from './types';

export interface TraceReplayerOptions {
  speed: ReplaySpeed;
  scheduler?: SchedulerLike;
  /** The console's API base; its path is taken off request paths to match the trace. Default "/api". */
  apiBase?: string;
  /** Move the trace's times to the replay clock, as `npm run replay -- --retime` does (see retime.ts). */
  retime?: boolean;
  /** Fleet states to seek from (see `indexTrace`); the console must take `rewind$` as its dependency. */
  checkpoints?: readonly TraceCheckpoint[];
  /** Wait for `resume()` once the socket opens instead of playing at once. */
  paused?: boolean;
}

export interface TraceReplayer {
  /** Stand-ins for the console's `createSocket` and `fetch` dependencies. */
  createSocket: (url: string) => WebSocket;
  fetch: typeof fetch;
  position$: Observable<number>;
  ended$: Observable<boolean>;
  playing$: Observable<boolean>;
  /** The fleet state to restart from on a seek, for the console's `rewind$` dependency. */
  rewind$: Observable<FleetRewind>;
  /** What the console sent on the socket, parsed. */
  sent$: Observable<unknown>;
  readonly duration: number;
  pause(): void;
  resume(): void;
  seek(t: number): void;
  /** Pauses and plays the next received message alone. */
  step(): void;
  setSpeed(speed: ReplaySpeed): void;
}

type Handler = ((event: unknown) => void) | null;

/** Just enough of a WebSocket for the console's connection, fed by the player. */
class ReplaySocket {
  readyState = 0;
  binaryType = 'blob';
  protocol = '';
  onopen: Handler = null;
  onmessage: Handler = null;
  onclose: Handler = null;
  onerror: Handler = null;

  constructor(
    readonly url: string,
    private readonly scheduler: SchedulerLike,
    private readonly events: { opened(socket: ReplaySocket): void; closed(socket: ReplaySocket): void; sent(data: unknown): void },
  ) {
    scheduler.schedule(() => {
      if (this.readyState !== 0) return;
      this.readyState = 1;
      this.onopen?.({ type: 'open' });
      events.opened(this);
    });
  }

  send(data: unknown): void {
    this.events.sent(data);
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState >= 2) return;
    this.readyState = 3;
    this.events.closed(this);
    this.scheduler.schedule(() => this.onclose?.({ type: 'close', code, reason, wasClean: true }));
  }

  /** Messages arrive parsed, as the trace holds them: the console's decoder takes either form, and a seek need not serialise thousands of them only to parse them again. */
  receive(data: unknown): void {
    if (this.readyState === 1) this.onmessage?.({ type: 'message', data });
  }
}

/**
 * Stands in for the product API with a recorded trace: REST calls are answered from its `rest`
 * lines, and the `in` lines are played to the socket on a virtual clock that starts when the first
 * socket opens.
 */
export function createTraceReplayer(trace: Trace, options: TraceReplayerOptions): TraceReplayer {
  const scheduler = options.scheduler ?? asyncScheduler;
  const sockets = new Set<ReplaySocket>();
  const sent$$ = new Subject<unknown>();
  // REST answers as if the trace began now; frames as if it began when the first socket opened.
  const traceStart = options.retime ? traceStartMs(trace.header) : 0;
  const restOffset = scheduler.now() - traceStart;
  let frameOffset = restOffset;
  const recorded = createTraceRestAnswers(trace.lines);
  const answer = options.retime ? retimeAnswers(recorded, restOffset) : recorded;
  const rewind$$ = new Subject<FleetRewind>();
  // A checkpoint's frames on the replay clock, made once: the clock is set when the socket opens.
  const retimed = new WeakMap<TraceCheckpoint, { offset: number; frames: readonly IncomingFrame[] }>();
  const onReplayClock = (checkpoint: TraceCheckpoint): readonly IncomingFrame[] => {
    if (!options.retime) return checkpoint.frames;
    const kept = retimed.get(checkpoint);
    if (kept?.offset === frameOffset) return kept.frames;
    const frames = checkpoint.frames.map((frame) => retimeMessage(frame, frameOffset) as IncomingFrame);
    retimed.set(checkpoint, { offset: frameOffset, frames });
    return frames;
  };
  // The snapshot a seek lands, retimed once per recorded snapshot rather than on every seek.
  const snapshots = new WeakMap<object, Envelope<unknown>>();
  const snapshotAt = (t: number): Envelope<unknown> => {
    const body = recorded('GET', SNAPSHOT_PATH, t);
    if (!options.retime) return body;
    const moved = snapshots.get(body) ?? (retime(body, restOffset) as Envelope<unknown>);
    snapshots.set(body, moved);
    return moved;
  };
  const rewind = (checkpoint: TraceCheckpoint): void => {
    const snapshot = snapshotAt(checkpoint.t).data as { rows?: VehicleSnapshot[] } | null;
    rewind$$.next({ vehicles: snapshot?.rows ?? [], frames: onReplayClock(checkpoint) });
  };
  const player = new TracePlayer(
    trace.lines,
    (msg) => {
      const message = options.retime && typeof msg !== 'string' ? retimeMessage(msg, frameOffset) : msg;
      for (const socket of sockets) socket.receive(message);
    },
    { speed: options.speed, scheduler, checkpoints: options.checkpoints && { list: options.checkpoints, rewind } },
  );
  const basePath = new URL(options.apiBase ?? '/api', 'http://replay.local').pathname.replace(/\/+$/, '');
  let position = 0;
  player.position$.subscribe((t) => {
    position = t;
  });
  let started = false;

  const events = {
    opened: (socket: ReplaySocket) => {
      sockets.add(socket);
      if (!started) {
        started = true;
        frameOffset = scheduler.now() - traceStart;
        if (options.paused) player.seek(0);
        else player.play();
      }
    },
    closed: (socket: ReplaySocket) => {
      sockets.delete(socket);
    },
    sent: (data: unknown) => {
      try {
        sent$$.next(typeof data === 'string' ? JSON.parse(data) : data);
      } catch {
        sent$$.next(data);
      }
    },
  };

  const fetchFromTrace = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://replay.local');
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    const body = answer(init.method ?? 'GET', path + url.search, position);
    return Response.json(body, { status: body.code === 200 || body.code === 300 ? 200 : body.code });
  }) as typeof fetch;

  return {
    createSocket: (url) => new ReplaySocket(url, scheduler, events) as unknown as WebSocket,
    fetch: fetchFromTrace,
    position$: player.position$,
    ended$: player.ended$,
    playing$: player.playing$,
    rewind$: rewind$$.asObservable(),
    sent$: sent$$.asObservable(),
    duration: player.duration,
    pause: () => player.pause(),
    resume: () => player.play(),
    seek: (t) => player.seek(t),
    step: () => player.step(),
    setSpeed: (speed) => player.setSpeed(speed),
  };
}
