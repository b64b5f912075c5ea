import { CMD, type DeviceRef, type DeviceType, type ValuesFrame, type VehicleStatusFrame } from '../../../contract/protocol/types';
import type { LiveFleet } from '../../fleet/live-fleet';
import type { SimFrame } from '../../sim/types';

interface MirroredVehicle {
  status: VehicleStatusFrame['data'] | null;
  /** Latest values per device, keyed `type/id`, in the order devices first reported. */
  devices: Map<string, ValuesFrame['data'] | null>;
}

const deviceKey = (deviceType: DeviceType, deviceId: number) => `${deviceType}/${deviceId}`;

/**
 * A node's picture of the fleet in a cluster, built from the frames on the bus: each vehicle's latest
 * status and device values. Frames are passed on to the node's listeners (socket fan-out) unchanged.
 */
export class LiveMirror implements LiveFleet {
  private readonly vehicles = new Map<string, MirroredVehicle>();
  private readonly listeners = new Set<(frame: SimFrame) => void>();

  add(spec: { id: string }): void {
    if (!this.vehicles.has(spec.id)) this.vehicles.set(spec.id, { status: null, devices: new Map() });
  }

  remove(vehicleId: string): void {
    this.vehicles.delete(vehicleId);
  }

  has(vehicleId: string): boolean {
    return this.vehicles.has(vehicleId);
  }

  devices(vehicleId: string): Array<{ deviceType: DeviceType; deviceId: number }> {
    const v = this.vehicles.get(vehicleId);
    if (!v) return [];
    return [...v.devices.keys()].map((key) => {
      const [deviceType, deviceId] = key.split('/') as [DeviceType, string];
      return { deviceType, deviceId: Number(deviceId) };
    });
  }

  latest(ref: DeviceRef): ValuesFrame['data'] | null {
    return this.vehicles.get(ref.vehicleId)?.devices.get(deviceKey(ref.deviceType, ref.deviceId)) ?? null;
  }

  status(vehicleId: string): VehicleStatusFrame['data'] | null {
    return this.vehicles.get(vehicleId)?.status ?? null;
  }

  onFrame(listener: (frame: SimFrame) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Frames from the bus; those of vehicles this node does not know (yet) are passed on, not kept. */
  take(frames: SimFrame[]): void {
    for (const frame of frames) {
      const v = this.vehicles.get(frame.data.vehicleId);
      if (v) this.keep(v, frame);
      for (const l of this.listeners) l(frame);
    }
  }

  private keep(v: MirroredVehicle, frame: SimFrame): void {
    if (frame.cmd === CMD.vehicleStatus) {
      if (!v.status || frame.data.ts >= v.status.ts) v.status = frame.data;
    } else if (frame.cmd === CMD.values) {
      v.devices.set(deviceKey(frame.data.deviceType, frame.data.deviceId), frame.data);
    } else if (frame.cmd === CMD.keyList) {
      const key = deviceKey(frame.data.deviceType, frame.data.deviceId);
      if (!v.devices.has(key)) v.devices.set(key, null);
    }
  }
}
