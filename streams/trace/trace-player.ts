import { BehaviorSubject, asyncScheduler, distinctUntilChanged, type Observable, type SchedulerLike, type Subscription } from 'rxjs';
import type { TraceCheckpoint } from './trace-index';
import type { ReplaySpeed, TraceLine } from './types';

export interface TracePlayerOptions {
  speed: ReplaySpeed;
  scheduler?: SchedulerLike;
  /** At maximum speed, how many messages go out before yielding to the event loop. */
  chunk?: number;
  /**
   * Seeks land on the nearest checkpoint at or before the target: `rewind` puts its fleet state in
   * place, and only the messages after it are delivered again.
   */
  checkpoints?: { list: readonly TraceCheckpoint[]; rewind(checkpoint: TraceCheckpoint): void };
}

/**
 * Plays the `in` lines of a trace on a virtual clock: trace time runs at `speed` × the scheduler's
 * clock, or as fast as possible. Seeking forward delivers the skipped messages at once; seeking
 * back delivers everything from the start up to the new position again, which rebuilds the state of
 * every vehicle and device a message covers (frames carry absolute values, not increments). With
 * checkpoints, a seek either way starts from the nearest one instead.
 */
export class TracePlayer {
  readonly duration: number;
  private readonly messages: ReadonlyArray<{ t: number; msg: unknown }>;
  private readonly scheduler: SchedulerLike;
  private readonly chunk: number;
  private readonly checkpoints: TracePlayerOptions['checkpoints'];
  private readonly position$$ = new BehaviorSubject(0);
  private readonly ended$$ = new BehaviorSubject(false);
  private readonly playing$$ = new BehaviorSubject(false);
  private speed: ReplaySpeed;
  private index = 0;
  /** Trace time at `origin` (scheduler time) while running; the position itself while paused. */
  private base = 0;
  private origin = 0;
  private running = false;
  private pending: Subscription | null = null;

  constructor(
    lines: readonly TraceLine[],
    private readonly deliver: (msg: unknown) => void,
    options: TracePlayerOptions,
  ) {
    this.messages = lines.filter((line) => line.dir === 'in').map((line) => ({ t: line.t, msg: (line as { msg: unknown }).msg }));
    this.duration = lines.reduce((max, line) => Math.max(max, line.t), 0);
    this.speed = options.speed;
    this.scheduler = options.scheduler ?? asyncScheduler;
    this.chunk = options.chunk ?? 2000;
    this.checkpoints = options.checkpoints;
  }

  /** Milliseconds into the trace, updated as messages go out. */
  get position$(): Observable<number> {
    return this.position$$.pipe(distinctUntilChanged());
  }

  get ended$(): Observable<boolean> {
    return this.ended$$.pipe(distinctUntilChanged());
  }

  get playing(): boolean {
    return this.running;
  }

  get playing$(): Observable<boolean> {
    return this.playing$$.pipe(distinctUntilChanged());
  }

  play(): void {
    if (this.running) return;
    this.running = true;
    this.playing$$.next(true);
    this.origin = this.scheduler.now();
    this.pump();
  }

  pause(): void {
    if (!this.running) return;
    this.base = this.now();
    this.running = false;
    this.playing$$.next(false);
    this.cancel();
    this.position$$.next(this.base);
  }

  setSpeed(speed: ReplaySpeed): void {
    const wasRunning = this.running;
    this.pause();
    this.speed = speed;
    if (wasRunning) this.play();
  }

  seek(t: number): void {
    const target = Math.max(0, Math.min(t, this.duration));
    const wasRunning = this.running;
    this.pause();
    const checkpoint = this.checkpointAt(target);
    if (checkpoint && (target < this.base || checkpoint.index > this.index)) {
      this.checkpoints?.rewind(checkpoint);
      this.index = checkpoint.index;
    } else if (target < this.base) this.index = 0;
    this.deliverUntil(target, Number.POSITIVE_INFINITY);
    this.base = target;
    this.position$$.next(target);
    this.ended$$.next(this.index >= this.messages.length);
    if (wasRunning) this.play();
  }

  /** Pauses and delivers the next message alone, moving to its time. */
  step(): void {
    this.pause();
    const next = this.messages[this.index];
    if (!next) return;
    this.deliverUntil(next.t, 1);
    this.base = next.t;
    this.position$$.next(next.t);
    this.ended$$.next(this.index >= this.messages.length);
  }

  stop(): void {
    this.pause();
  }

  /** The last checkpoint at or before `t` (binary search: a 1-hour trace has hundreds). */
  private checkpointAt(t: number): TraceCheckpoint | undefined {
    const list = this.checkpoints?.list ?? [];
    let low = 0;
    let high = list.length - 1;
    let found: TraceCheckpoint | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const checkpoint = list[middle] as TraceCheckpoint;
      if (checkpoint.t <= t) {
        found = checkpoint;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }

  private now(): number {
    if (!this.running || this.speed === 'max') return this.base;
    return Math.min(this.duration, this.base + (this.scheduler.now() - this.origin) * this.speed);
  }

  private cancel(): void {
    this.pending?.unsubscribe();
    this.pending = null;
  }

  private deliverUntil(t: number, limit: number): number {
    let sent = 0;
    while (this.index < this.messages.length && sent < limit) {
      const next = this.messages[this.index] as { t: number; msg: unknown };
      if (next.t > t) break;
      this.index += 1;
      sent += 1;
      this.deliver(next.msg);
    }
    return sent;
  }

  private pump(): void {
    this.pending = null;
    if (!this.running) return;
    if (this.speed === 'max') {
      this.deliverUntil(Number.POSITIVE_INFINITY, this.chunk);
      this.base = this.index >= this.messages.length ? this.duration : (this.messages[this.index - 1]?.t ?? this.base);
    } else {
      this.deliverUntil(this.now(), Number.POSITIVE_INFINITY);
    }
    const position = this.now();
    this.position$$.next(position);
    if (this.index >= this.messages.length) {
      this.base = this.duration;
      this.position$$.next(this.duration);
      this.running = false;
      this.playing$$.next(false);
      this.ended$$.next(true);
      return;
    }
    const next = (this.messages[this.index] as { t: number }).t;
    const delay = this.speed === 'max' ? 0 : Math.max(0, Math.ceil((next - position) / this.speed));
    this.pending = this.scheduler.schedule(() => this.pump(), delay);
  }
}
