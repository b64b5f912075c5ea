import type { IncomingFrame } from '../../contract/protocol/types';

type DigestFrame = Extract<IncomingFrame, { cmd: 1 | 19 | 97 | 144 | 149 }>;
type StatusFrame = Extract<IncomingFrame, { cmd: 19 }>;

/**
 * The fleet state a run of frames builds, kept as the fewest frames that rebuild it: per vehicle one
 * status frame (its optional fields merged, as the store merges them), per device the last values,
 * version, key list and firmware frame. Frames carry absolute values, so applying `frames()` to a
 * fresh fleet gives the state that applying every frame gave.
 */
export class FleetDigest {
  private readonly latest = new Map<string, DigestFrame>();
  /** Keys written since `takeChanged()` last ran. */
  private changed = new Set<string>();

  apply(frame: IncomingFrame): void {
    switch (frame.cmd) {
      case 19:
        this.set(`19 ${frame.data.vehicleId}`, mergeStatus(this.latest.get(`19 ${frame.data.vehicleId}`) as StatusFrame | undefined, frame));
        return;
      case 1:
      case 97:
      case 144:
      case 149: {
        const { vehicleId, deviceType, deviceId } = frame.data;
        this.set(`${frame.cmd} ${vehicleId} ${deviceType} ${deviceId}`, frame);
        return;
      }
      default:
    }
  }

  /** Statuses first, so each vehicle's device frames land on a vehicle whose status is already set. */
  frames(): DigestFrame[] {
    const all = [...this.latest.values()];
    return [...all.filter((f) => f.cmd === 19), ...all.filter((f) => f.cmd !== 19)];
  }

  get(key: string): DigestFrame | undefined {
    return this.latest.get(key);
  }

  takeChanged(): ReadonlySet<string> {
    const changed = this.changed;
    this.changed = new Set();
    return changed;
  }

  private set(key: string, frame: DigestFrame): void {
    this.latest.set(key, frame);
    this.changed.add(key);
  }
}

/** A status frame leaves out what did not change (alarms, soc, position): the last one sent stands. */
function mergeStatus(before: StatusFrame | undefined, frame: StatusFrame): StatusFrame {
  return before ? { cmd: 19, data: { ...before.data, ...frame.data } } : frame;
}
