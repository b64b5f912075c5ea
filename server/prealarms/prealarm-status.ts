// A fired pre-alarm puts its vehicle in alarm, like the device alarms the vehicle reports itself: the
// live status (frames to the consoles, REST, the snapshot) reads 'alarm' while any pre-alarm fires on
// a 'normal' vehicle, and goes back when the last one resolves. Offline stays offline. Which vehicles
// fire is read from storage, so every node of a cluster agrees with the one that evaluates the rules.
import { CMD } from '../../contract/protocol/types';
import type { LiveFleet } from '../fleet/live-fleet';
import type { SimFrame } from '../sim/types';
import type { FleetRepository } from '../platform/database/fleet-repository';
import { LiveFleetOver } from '../fleet/live-fleet-over';

export class PrealarmStatus extends LiveFleetOver {
  private firing = new Set<string>();

  constructor(
    live: LiveFleet,
    private readonly repo: Pick<FleetRepository, 'prealarms'>,
    /** Sends a vehicle's status again after its pre-alarms changed it. */
    private readonly changed: (vehicleId: string) => void,
  ) {
    super(live);
  }

  /** Reads the firing vehicles again; each vehicle whose status this changes is passed to `changed`. */
  async refresh(): Promise<void> {
    const now = new Set((await this.repo.prealarms.states()).filter((s) => s.state === 'firing').map((s) => s.vehicleId));
    const before = this.firing;
    this.firing = now;
    for (const id of now) if (!before.has(id)) this.changed(id);
    for (const id of before) if (!now.has(id)) this.changed(id);
  }

  /** Refreshes every `everyMs`; returns a stop function. */
  start(everyMs: number): () => void {
    const timer = setInterval(() => void this.refresh().catch(() => undefined), everyMs);
    timer.unref();
    void this.refresh().catch(() => undefined);
    return () => clearInterval(timer);
  }

  /** A frame on its way to the consoles, with the status a firing pre-alarm gives. */
  frame(frame: SimFrame): SimFrame {
    if (frame.cmd !== CMD.vehicleStatus || frame.data.status !== 'normal' || !this.firing.has(frame.data.vehicleId)) return frame;
    return { ...frame, data: { ...frame.data, status: 'alarm' } };
  }

  status(vehicleId: string): ReturnType<LiveFleet['status']> {
    const status = this.live.status(vehicleId);
    return status && status.status === 'normal' && this.firing.has(vehicleId) ? { ...status, status: 'alarm' } : status;
  }
}
