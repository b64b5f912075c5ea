import { randomUUID } from 'node:crypto';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { rememberWire } from '../../hub/frame-wire';
import type { SimFrame } from '../../sim/types';
import { NO_OWNER, vehicleOf, type ClusterEvent, type DeviceReply, type DeviceRequest, type DeviceRequestHandler, type FleetBus } from './fleet-bus';

/** A subject token for an id: NATS reserves `.`, `*`, `>` and whitespace. */
export const subjectToken = (id: string): string => id.replace(/[^A-Za-z0-9_-]/g, (c) => `~${c.charCodeAt(0).toString(16)}`);

/** The subjects of one cluster; `prefix` keeps clusters (and test runs) on one server apart. */
export const busSubjects = (prefix: string) => ({
  frames: (fleetId: string) => `${prefix}.fleet.${subjectToken(fleetId)}.frames`,
  allFrames: `${prefix}.fleet.*.frames`,
  events: `${prefix}.events`,
  device: (vehicleId: string) => `${prefix}.device.${subjectToken(vehicleId)}`,
  allDevices: `${prefix}.device.*`,
  duty: (duty: string) => `${prefix}.duty.${subjectToken(duty)}`,
});

/** Candidates for a duty announce themselves this often; one silent for three announcements is gone. */
const DUTY_ANNOUNCE_MS = 2_000;

export interface NatsBusOptions {
  url: string;
  prefix: string;
  /** Frames wait at most this long to leave in one message per fleet. */
  flushMs?: number;
  requestTimeoutMs?: number;
}

const MAX_BATCH = 500;

/**
 * The cluster bus on NATS: frames on per-fleet subjects (every node subscribes to all fleets), events
 * broadcast on one subject, device commands as request/reply on per-vehicle subjects.
 */
export class NatsBus implements FleetBus {
  readonly nodeId = randomUUID();
  readonly shared = true;
  private readonly subjects: ReturnType<typeof busSubjects>;
  /** Frames waiting to leave, per fleet, as JSON lines. */
  private readonly pending = new Map<string, string[]>();
  private readonly subs = new Set<Subscription>();
  private readonly timer: NodeJS.Timeout;
  private readonly timeoutMs: number;

  private constructor(
    private readonly nc: NatsConnection,
    opts: NatsBusOptions,
  ) {
    this.subjects = busSubjects(opts.prefix);
    this.timeoutMs = opts.requestTimeoutMs ?? 5_000;
    this.timer = setInterval(() => this.flush(), opts.flushMs ?? 20);
    this.timer.unref();
  }

  static async connect(opts: NatsBusOptions): Promise<NatsBus> {
    const nc = await connect({ servers: opts.url, name: `fleet-console ${opts.prefix}`, maxReconnectAttempts: -1 });
    return new NatsBus(nc, opts);
  }

  publishFrames(fleetId: string, frames: SimFrame[]): void {
    let lines = this.pending.get(fleetId);
    if (!lines) this.pending.set(fleetId, (lines = []));
    for (const frame of frames) lines.push(JSON.stringify(frame));
    if (lines.length >= MAX_BATCH) this.flushFleet(fleetId);
  }

  /** Each frame keeps the line it came in, which the socket hub sends on as it is. */
  onFrames(listener: (frames: SimFrame[]) => void): () => void {
    return this.listen(this.subjects.allFrames, (data) => {
      const frames: SimFrame[] = [];
      for (const line of data.split('\n')) {
        try {
          const frame = JSON.parse(line) as SimFrame;
          rememberWire(frame, line);
          frames.push(frame);
        } catch {
          // A line another version of the console cannot parse is skipped; the rest still count.
        }
      }
      listener(frames);
    });
  }

  broadcast(event: ClusterEvent): void {
    this.nc.publish(this.subjects.events, JSON.stringify({ origin: this.nodeId, event }));
  }

  onEvent(listener: (event: ClusterEvent) => void): () => void {
    return this.listen(this.subjects.events, (data) => {
      const { origin, event } = JSON.parse(data) as { origin: string; event: ClusterEvent };
      if (origin !== this.nodeId) listener(event);
    });
  }

  async request(req: DeviceRequest): Promise<DeviceReply> {
    try {
      const msg = await this.nc.request(this.subjects.device(vehicleOf(req)), JSON.stringify(req), { timeout: this.timeoutMs });
      return JSON.parse(msg.string()) as DeviceReply;
    } catch {
      // No responders, or no owner answered in time.
      return NO_OWNER;
    }
  }

  serveDevices(handler: DeviceRequestHandler, role: 'owner' | 'bridge'): () => void {
    const sub = this.nc.subscribe(this.subjects.allDevices, role === 'bridge' ? { queue: 'gateway-bridges' } : {});
    this.subs.add(sub);
    void (async () => {
      for await (const msg of sub) {
        let req: DeviceRequest;
        try {
          req = JSON.parse(msg.string()) as DeviceRequest;
        } catch {
          continue;
        }
        void handler(req).then(
          (reply) => reply && msg.respond(JSON.stringify(reply)),
          (err: unknown) => msg.respond(JSON.stringify({ ok: false, msg: err instanceof Error ? err.message : 'Command failed' })),
        );
      }
    })();
    return () => this.unsubscribe(sub);
  }

  /** The candidate with the smallest node id among those heard from lately leads. */
  standFor(duty: string) {
    const subject = this.subjects.duty(duty);
    const heard = new Map<string, number>();
    const stopListening = this.listen(subject, (data) => heard.set(data, Date.now()));
    const announce = () => this.nc.publish(subject, this.nodeId);
    announce();
    const timer = setInterval(announce, DUTY_ANNOUNCE_MS);
    timer.unref();
    return {
      leads: () => {
        const alive = Date.now() - 3 * DUTY_ANNOUNCE_MS;
        for (const [node, at] of heard) if (at >= alive && node < this.nodeId) return false;
        return true;
      },
      withdraw: () => {
        clearInterval(timer);
        stopListening();
      },
    };
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.flush();
    await this.nc.drain();
  }

  private listen(subject: string, onData: (data: string) => void): () => void {
    const sub = this.nc.subscribe(subject);
    this.subs.add(sub);
    void (async () => {
      for await (const msg of sub) {
        try {
          onData(msg.string());
        } catch {
          // A message another version of the console cannot parse is skipped, not fatal.
        }
      }
    })();
    return () => this.unsubscribe(sub);
  }

  private unsubscribe(sub: Subscription): void {
    this.subs.delete(sub);
    sub.unsubscribe();
  }

  private flushFleet(fleetId: string): void {
    const lines = this.pending.get(fleetId);
    this.pending.delete(fleetId);
    if (lines && lines.length > 0) this.nc.publish(this.subjects.frames(fleetId), lines.join('\n'));
  }

  private flush(): void {
    for (const fleetId of [...this.pending.keys()]) this.flushFleet(fleetId);
  }
}
