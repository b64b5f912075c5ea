import { randomUUID } from 'node:crypto';
import type { SimFrame } from '../../sim/types';
import { NO_OWNER, type ClusterEvent, type DeviceReply, type DeviceRequest, type DeviceRequestHandler, type FleetBus } from './fleet-bus';

/** One process on its own: frames go straight to the listeners, requests to the local owner. */
export class LocalBus implements FleetBus {
  readonly nodeId = randomUUID();
  readonly shared = false;
  private readonly frameListeners = new Set<(frames: SimFrame[]) => void>();
  private readonly handlers = new Set<DeviceRequestHandler>();

  publishFrames(_fleetId: string, frames: SimFrame[]): void {
    for (const l of this.frameListeners) l(frames);
  }

  onFrames(listener: (frames: SimFrame[]) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  /** There are no other processes to tell. */
  broadcast(_event: ClusterEvent): void {}

  onEvent(_listener: (event: ClusterEvent) => void): () => void {
    return () => {};
  }

  async request(req: DeviceRequest): Promise<DeviceReply> {
    for (const h of this.handlers) {
      const reply = await h(req);
      if (reply) return reply;
    }
    return NO_OWNER;
  }

  /** Only owners exist in one process. */
  serveDevices(handler: DeviceRequestHandler, _role?: 'owner' | 'bridge'): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /** The only process leads every duty. */
  standFor(_duty: string) {
    return { leads: () => true, withdraw: () => {} };
  }

  async close(): Promise<void> {
    this.frameListeners.clear();
    this.handlers.clear();
  }
}
