import type { LiveFleet } from './live-fleet';

/** A live fleet over another that changes only the statuses it reports; every other read goes through. */
export abstract class LiveFleetOver implements LiveFleet {
  constructor(protected readonly live: LiveFleet) {}

  abstract status(vehicleId: string): ReturnType<LiveFleet['status']>;

  add: LiveFleet['add'] = (...args) => this.live.add(...args);
  remove: LiveFleet['remove'] = (vehicleId) => this.live.remove(vehicleId);
  has: LiveFleet['has'] = (vehicleId) => this.live.has(vehicleId);
  devices: LiveFleet['devices'] = (vehicleId) => this.live.devices(vehicleId);
  latest: LiveFleet['latest'] = (ref) => this.live.latest(ref);
  onFrame: LiveFleet['onFrame'] = (listener) => this.live.onFrame(listener);
}
