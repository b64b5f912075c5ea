import { OFFLINE_AFTER, nextReportInterval, silentAfterMs } from '../../contract/protocol/report-interval';
import { CMD, type VehicleStatusFrame } from '../../contract/protocol/types';
import type { SimFrame } from '../sim/types';
import type { LiveFleet } from './live-fleet';
import { LiveFleetOver } from './live-fleet-over';

interface Heard {
  /** Server time of the vehicle's latest frame. */
  atMs: number;
  /** Device time of its latest frame, which the offline frame carries: "last seen" stays true. */
  tsMs: number;
  intervalMs: number;
  silent: boolean;
}

const CHECK_EVERY_MS = 1_000;

/**
 * A vehicle's gateway can fall silent without saying so (power cut, no coverage). Every frame on its
 * way to the consoles passes here; a vehicle silent for OFFLINE_AFTER of its reporting intervals is
 * reported offline (cmd 19) and read as offline by REST until it reports again, when its own status
 * is sent once more. A vehicle whose interval is not known yet (fewer than two reports) is left alone.
 */
export class SilenceWatch extends LiveFleetOver {
  private readonly heard = new Map<string, Heard>();
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(
    live: LiveFleet,
    private readonly now: () => number,
    private readonly publish: (frame: SimFrame) => void,
  ) {
    super(live);
  }

  start(): () => void {
    this.timer ??= setInterval(() => this.check(), CHECK_EVERY_MS);
    this.timer.unref?.();
    return () => {
      if (this.timer) clearInterval(this.timer);
      this.timer = null;
    };
  }

  /** A frame from a vehicle, passed on to `publish` after the vehicle's silence (if any) is over. */
  take(frame: SimFrame): void {
    const id = frame.data.vehicleId;
    const nowMs = this.now();
    const ts = 'ts' in frame.data ? frame.data.ts : nowMs;
    const heard = this.heard.get(id);
    if (!heard) {
      this.heard.set(id, { atMs: nowMs, tsMs: ts, intervalMs: 0, silent: false });
    } else {
      heard.intervalMs = nextReportInterval(heard.intervalMs, nowMs - heard.atMs);
      heard.atMs = nowMs;
      heard.tsMs = Math.max(heard.tsMs, ts);
      if (heard.silent) {
        heard.silent = false;
        const status = this.live.status(id);
        if (frame.cmd !== CMD.vehicleStatus && status) this.publish({ cmd: CMD.vehicleStatus, data: { ...status, ts: heard.tsMs } });
      }
    }
    this.publish(frame);
  }

  /** Marks the vehicles that fell silent since the last check; exposed for tests. */
  check(): void {
    const nowMs = this.now();
    for (const [id, heard] of this.heard) {
      if (!this.live.has(id)) {
        this.heard.delete(id);
        continue;
      }
      if (heard.silent || heard.intervalMs === 0 || nowMs - heard.atMs <= silentAfterMs(OFFLINE_AFTER, heard.intervalMs)) continue;
      heard.silent = true;
      const status = this.status(id);
      if (status && this.live.status(id)?.status !== 'offline') this.publish({ cmd: CMD.vehicleStatus, data: status });
    }
  }

  status(vehicleId: string): VehicleStatusFrame['data'] | null {
    const status = this.live.status(vehicleId);
    const heard = this.heard.get(vehicleId);
    if (!status || !heard?.silent) return status;
    return { ...status, status: 'offline', ts: heard.tsMs };
  }
}
