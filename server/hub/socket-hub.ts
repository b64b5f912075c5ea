import type { WebSocket } from 'ws';
import { CMD, type IncidentChangedFrame } from '../../contract/protocol/types';
import type { Actor } from '../access/actor';
import { scopeIncludes } from '../access/scope-includes';
import { shareIsOpen } from '../access/share-open';
import type { SessionMatch } from '../platform/bus/fleet-bus';
import type { VehicleDirectory } from '../fleet/vehicle-directory';
import type { SimFrame } from '../sim/types';
import type { ShareRecord } from '../modules/shares/share-store';
import type { RecordChange, RecordPlace } from './record-change';
import { wireOf } from './frame-wire';
import { matchesSession } from './session-match';
import { INBOUND_DROP_REASONS, parseInbound, selectionOf, type InboundDropReason, type InboundFrame } from './frame-guard';

/** The largest inbound message the hub reads; a larger one is dropped and counted as too large. */
export const MAX_INBOUND_BYTES = 1024 * 1024;
/** What the websocket transport buffers at most: beyond it the socket is closed with 1009 before the hub sees the message. */
export const TRANSPORT_MAX_INBOUND_BYTES = 8 * MAX_INBOUND_BYTES;
/** A socket that sends this many too-large messages within the window is closed with 1009. */
export const OVERSIZE_STRIKES = { count: 3, windowMs: 60_000 };
const MESSAGE_TOO_BIG = 1009;

/** A command the hub does not handle itself (66, 86, 100); `reply` sends a frame to that socket. */
export type DeviceCommandHandler = (actor: Actor, frame: InboundFrame, reply: (frame: unknown) => void) => Promise<{ ok: boolean; msg?: string } | null>;

export interface SocketHubOptions {
  directory: VehicleDirectory;
  setLive: (vehicleId: string, live: boolean) => void;
  /** A vehicle's current status and device values, sent to a session that subscribes to it by id. */
  currentFrames: (vehicleId: string) => SimFrame[];
  resolve: (wsKey: string) => Promise<Actor | null>;
  deviceCommands: DeviceCommandHandler;
  now: () => number;
  flushMs?: number;
  /** A socket with more than this many bytes unsent is a slow consumer: its frames queue instead. */
  maxBufferedBytes?: number;
  /** A slow consumer's queue keeps at most this many frames; older ones are dropped first. */
  maxQueuedFrames?: number;
  /** Publishing this many frames flushes at once, so a large tick leaves in several moderate messages. */
  maxBatchFrames?: number;
  maxInboundBytes?: number;
}

interface Client {
  socket: WebSocket;
  wsKey: string;
  actor: Actor;
  /** Vehicles this session may see; null means all. */
  visible: Set<string> | null;
  all: boolean;
  ids: Set<string>;
  queue: string[];
  /** Cleared at each liveness ping, set again by the pong. */
  alive: boolean;
  /** When this socket's recent too-large messages arrived. */
  oversize: number[];
}

export interface HubStats {
  clients: number;
  framesPublished: number;
  messagesSent: number;
  framesDropped: number;
  /** Inbound messages and frames dropped, by reason. */
  malformed: Record<InboundDropReason, number>;
  unknownCommands: number;
}

const OPEN = 1;
const SESSION_ENDED = 4401;

const wire = (frames: string[]): string => (frames.length === 1 ? (frames[0] as string) : `[${frames.join(',')}]`);

/**
 * Socket sessions and live fan-out: frames published by the simulator are batched every flush and
 * sent only to sessions that subscribed to and may see the vehicle.
 */
export class SocketHub {
  private readonly clients = new Set<Client>();
  private readonly liveCounts = new Map<string, number>();
  /** Frames published since the last flush; encoded there, only if a session takes them. */
  private pending: SimFrame[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly flushMs: number;
  private readonly maxBuffered: number;
  private readonly maxQueued: number;
  private readonly maxBatch: number;
  private readonly maxInbound: number;
  private lastExpirySweep = 0;
  private lastPing = 0;
  private lastFlush = 0;
  refuseUpgrades = false;
  readonly stats: HubStats = {
    clients: 0,
    framesPublished: 0,
    messagesSent: 0,
    framesDropped: 0,
    malformed: Object.fromEntries(INBOUND_DROP_REASONS.map((r) => [r, 0])) as Record<InboundDropReason, number>,
    unknownCommands: 0,
  };

  constructor(private readonly opts: SocketHubOptions) {
    this.flushMs = opts.flushMs ?? 50;
    this.maxBuffered = opts.maxBufferedBytes ?? 8 * 1024 * 1024;
    this.maxQueued = opts.maxQueuedFrames ?? 50_000;
    this.maxBatch = opts.maxBatchFrames ?? 1000;
    this.maxInbound = opts.maxInboundBytes ?? MAX_INBOUND_BYTES;
    this.timer = setInterval(() => this.flush(), this.flushMs);
    this.timer.unref();
  }

  attach(socket: WebSocket, wsKey: string, actor: Actor): void {
    const client: Client = { socket, wsKey, actor, visible: this.visibleSet(actor), all: false, ids: new Set(), queue: [], alive: true, oversize: [] };
    this.clients.add(client);
    this.stats.clients = this.clients.size;
    // A wall learns its assigned playlist whenever its socket opens, so one made while it was away still reaches it.
    if (actor.kind === 'display') this.sendNow(client, { cmd: CMD.displayPlaylist, data: { playlistId: actor.display.playlistId } });
    socket.on('message', (data, isBinary) => {
      if (isBinary) {
        this.stats.malformed.binary++;
        return;
      }
      // ws hands text messages over as one Buffer (binaryType "nodebuffer").
      if ((data as Buffer).byteLength > this.maxInbound) {
        this.dropOversize(client);
        return;
      }
      for (const frame of parseInbound(data.toString())) {
        if (typeof frame === 'string') this.stats.malformed[frame]++;
        else void this.handle(client, frame);
      }
    });
    socket.on('close', () => this.detach(client));
    socket.on('pong', () => {
      client.alive = true;
    });
    socket.on('error', () => socket.terminate());
  }

  publish(frame: SimFrame): void {
    this.stats.framesPublished++;
    this.pending.push(frame);
    // A lone frame after a quiet spell goes out at once; under load frames gather into batches.
    const quiet = this.pending.length === 1 && this.opts.now() - this.lastFlush >= this.flushMs;
    if (quiet || this.pending.length >= this.maxBatch) this.flush();
  }

  /** Re-resolves every session (after role, account or fleet changes); gone sessions are closed. */
  async refresh(): Promise<void> {
    for (const c of [...this.clients]) {
      const actor = await this.opts.resolve(c.wsKey);
      if (!actor) {
        c.socket.close(SESSION_ENDED, 'Session ended');
        continue;
      }
      c.actor = actor;
      c.visible = this.visibleSet(actor);
    }
  }

  /** Sends cmd 161 to the matching sessions' sockets on this node, then closes them. */
  forceLogout(match: SessionMatch, msgId: number): number {
    let n = 0;
    for (const c of this.clients) {
      if (!matchesSession(match, c.actor)) continue;
      n++;
      this.sendNow(c, { cmd: CMD.forcedLogout, data: { msgId } });
      c.socket.close(SESSION_ENDED, 'Session ended');
    }
    return n;
  }

  /** A server notice (cmd 8) to the sessions `to` picks; answers how many sockets got it. */
  notice(to: (actor: Actor) => boolean, data: unknown): number {
    let n = 0;
    for (const c of this.clients) {
      if (!to(c.actor)) continue;
      n++;
      this.sendNow(c, { cmd: CMD.notice, data });
    }
    return n;
  }

  /** Sends cmd 162 at once to this node's sessions that see the vehicle, subscribed to it or not. */
  alarmAcknowledged(alarmId: string, vehicleId: string): void {
    for (const c of this.clients) if (c.actor.kind !== 'share' && this.sees(c, vehicleId)) this.sendNow(c, { cmd: CMD.alarmAcknowledged, data: { alarmId, vehicleId } });
  }

  /** Sends cmd 163 at once to this node's sockets of the display. */
  displayPlaylist(displayId: string, playlistId: string | null): void {
    for (const c of this.clients) if (c.actor.kind === 'display' && c.actor.display.id === displayId) this.sendNow(c, { cmd: CMD.displayPlaylist, data: { playlistId } });
  }

  /**
   * Sends cmd 164 at once to this node's account sessions whose scope holds the record's place
   * (its kind and id only: they read it again through REST, under their own rights).
   */
  recordChanged(change: RecordChange): void {
    const data = { kind: change.kind, id: change.id };
    for (const c of this.clients) if (c.actor.kind === 'user' && scopeIncludes(c.actor.scope, change.place)) this.sendNow(c, { cmd: CMD.recordChanged, data });
  }

  /** Sends cmd 165 at once to this node's account and wall sockets whose scope holds the incident's place. */
  incidentChanged(place: RecordPlace, data: IncidentChangedFrame['data']): void {
    for (const c of this.clients) if (c.actor.kind !== 'share' && scopeIncludes(c.actor.scope, place)) this.sendNow(c, { cmd: CMD.incidentChanged, data });
  }

  /** A share's guests go on under its changed settings (a new expiry ends them when it comes). */
  updateShare(share: ShareRecord): void {
    for (const c of this.clients) if (c.actor.kind === 'share' && c.actor.share.id === share.id) c.actor = { ...c.actor, share };
  }

  closeAll(code: number, reason: string): void {
    for (const c of this.clients) c.socket.close(code, reason);
  }

  stop(): void {
    clearInterval(this.timer);
    this.closeAll(1001, 'Server shutting down');
  }

  private visibleSet(actor: Actor): Set<string> | null {
    if (actor.kind === 'share') return new Set([actor.share.vehicleId]);
    if (actor.scope.all) return null;
    const set = new Set<string>();
    for (const p of this.opts.directory.all()) if (scopeIncludes(actor.scope, p)) set.add(p.id);
    return set;
  }

  private sees(c: Client, vehicleId: string): boolean {
    return c.visible === null ? this.opts.directory.has(vehicleId) : c.visible.has(vehicleId);
  }

  /** A too-large message is dropped like any malformed one; a socket that keeps sending them is closed. */
  private dropOversize(c: Client): void {
    this.stats.malformed['too-large']++;
    const now = this.opts.now();
    c.oversize = [...c.oversize.filter((t) => now - t < OVERSIZE_STRIKES.windowMs), now];
    if (c.oversize.length >= OVERSIZE_STRIKES.count) c.socket.close(MESSAGE_TOO_BIG, 'Messages too large');
  }

  private async handle(c: Client, frame: InboundFrame): Promise<void> {
    let result: { ok: boolean; msg?: string } | null;
    switch (frame.cmd) {
      case CMD.heartbeat:
        result = { ok: true };
        break;
      case CMD.subscribe:
        result = this.subscribe(c, frame.data);
        break;
      case CMD.unsubscribe:
        result = this.unsubscribe(c, frame.data);
        break;
      default:
        try {
          result = await this.opts.deviceCommands(c.actor, frame, (f) => this.sendNow(c, f));
        } catch (err) {
          result = { ok: false, msg: err instanceof Error ? err.message : 'Command failed' };
        }
        if (result === null) this.stats.unknownCommands++;
    }
    if (result !== null && frame.seq !== undefined) this.sendNow(c, { cmd: CMD.ack, seq: frame.seq, data: result });
  }

  private subscribe(c: Client, data: Record<string, unknown>): { ok: boolean; msg?: string } {
    const sel = selectionOf(data);
    if (!sel) return { ok: false, msg: 'Expected { vehicleIds: string[] } or { all: true }' };
    if ('all' in sel) {
      c.all = true;
      return { ok: true };
    }
    const denied = sel.vehicleIds.filter((id) => !this.sees(c, id));
    if (denied.length > 0) return { ok: false, msg: `No access to vehicle ${denied.slice(0, 5).join(', ')}` };
    for (const id of sel.vehicleIds) {
      if (c.ids.has(id)) continue;
      c.ids.add(id);
      this.live(id, +1);
      for (const f of this.opts.currentFrames(id)) c.queue.push(JSON.stringify(f));
    }
    return { ok: true };
  }

  private unsubscribe(c: Client, data: Record<string, unknown>): { ok: boolean; msg?: string } {
    const sel = selectionOf(data);
    if (!sel) return { ok: false, msg: 'Expected { vehicleIds: string[] } or { all: true }' };
    const drop = 'all' in sel ? [...c.ids] : sel.vehicleIds.filter((id) => c.ids.has(id));
    if ('all' in sel) c.all = false;
    for (const id of drop) {
      c.ids.delete(id);
      this.live(id, -1);
    }
    return { ok: true };
  }

  private live(vehicleId: string, delta: number): void {
    const before = this.liveCounts.get(vehicleId) ?? 0;
    const after = before + delta;
    if (after <= 0) this.liveCounts.delete(vehicleId);
    else this.liveCounts.set(vehicleId, after);
    if (before === 0 && after > 0) this.opts.setLive(vehicleId, true);
    if (before > 0 && after <= 0) this.opts.setLive(vehicleId, false);
  }

  private detach(c: Client): void {
    if (!this.clients.delete(c)) return;
    this.stats.clients = this.clients.size;
    for (const id of c.ids) this.live(id, -1);
    c.ids.clear();
    c.queue = [];
  }

  private sendNow(c: Client, frame: unknown): void {
    if (c.socket.readyState !== OPEN) return;
    c.socket.send(JSON.stringify(frame));
    this.stats.messagesSent++;
  }

  /** Sends what is queued now; also runs every flushMs. */
  flush(): void {
    this.sweepExpired();
    this.pingIdle();
    const frames = this.pending;
    this.pending = [];
    if (frames.length > 0) this.lastFlush = this.opts.now();
    // Each frame is encoded once, when the first session takes it: frames nobody watches (a large
    // fleet starting up reports every device) are never encoded.
    const json = new Array<string | undefined>(frames.length);
    const encoded = (i: number): string => (json[i] ??= wireOf(frames[i] as SimFrame));
    // Sessions that take every frame share one serialised message.
    let everything: Buffer | null = null;
    for (const c of this.clients) {
      if (c.socket.readyState !== OPEN) continue;
      const takesAll = c.all && c.visible === null;
      if (takesAll && c.queue.length === 0 && frames.length > 0 && c.socket.bufferedAmount <= this.maxBuffered) {
        everything ??= Buffer.from(wire(frames.map((_, i) => encoded(i))));
        // The contract carries JSON in text frames; ws sends a Buffer as binary unless told.
        c.socket.send(everything, { binary: false });
        this.stats.messagesSent++;
        continue;
      }
      for (let i = 0; i < frames.length; i++) {
        const id = (frames[i] as SimFrame).data.vehicleId;
        if ((c.all || c.ids.has(id)) && (c.visible === null || c.visible.has(id))) c.queue.push(encoded(i));
      }
      this.drain(c);
    }
  }

  private drain(c: Client): void {
    if (c.queue.length === 0) return;
    if (c.socket.bufferedAmount > this.maxBuffered) {
      const excess = c.queue.length - this.maxQueued;
      if (excess > 0) {
        c.queue.splice(0, excess);
        this.stats.framesDropped += excess;
      }
      return;
    }
    c.socket.send(wire(c.queue));
    this.stats.messagesSent++;
    c.queue = [];
  }

  /** Every 30 s: a socket that did not answer the previous ping is gone; ping the others. */
  private pingIdle(): void {
    const now = this.opts.now();
    if (now - this.lastPing < 30_000) return;
    this.lastPing = now;
    for (const c of this.clients) {
      if (!c.alive) {
        c.socket.terminate();
        continue;
      }
      c.alive = false;
      c.socket.ping();
    }
  }

  private sweepExpired(): void {
    const now = this.opts.now();
    if (now - this.lastExpirySweep < 5_000) return;
    this.lastExpirySweep = now;
    for (const c of this.clients) {
      if (c.actor.session.expiresAt > now && (c.actor.kind !== 'share' || shareIsOpen(c.actor.share, now))) continue;
      this.sendNow(c, { cmd: CMD.forcedLogout, data: { msgId: 1000 } });
      c.socket.close(SESSION_ENDED, 'Session expired');
    }
  }
}
