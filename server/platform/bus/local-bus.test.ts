import { describe, expect, it } from 'vitest';
import { FakeSimulator } from '../../test-support/fake-simulator';
import { ownDevices } from './device-owner';
import { LocalBus } from './local-bus';

const spec = (id: string) => ({
  id,
  kind: 'van' as const,
  home: { lat: 52, lng: 4 },
  nominalVoltage: 12 as const,
  batteryAh: 200,
  solarW: 0,
  tanks: 1,
  tyres: 4,
  airConditioner: false,
  versions: {},
});

describe('the in-process bus', () => {
  it('hands frames straight to its listeners', () => {
    const bus = new LocalBus();
    const seen: unknown[] = [];
    const off = bus.onFrames((frames) => seen.push(...frames));
    const frame = { cmd: 19 as const, data: { vehicleId: 'v1', status: 'normal' as const, ts: 1 } };
    bus.publishFrames('fleet-1', [frame]);
    off();
    bus.publishFrames('fleet-1', [frame]);
    expect(seen).toEqual([frame]);
  });

  it('sends device requests to the owner of the vehicle, and refuses one nobody owns', async () => {
    const bus = new LocalBus();
    const sim = new FakeSimulator();
    sim.add(spec('v1'));
    bus.serveDevices(
      ownDevices(sim, () => 1000),
      'owner',
    );
    const ref = { vehicleId: 'v1', deviceType: 'inv' as const, deviceId: 0 };
    expect(await bus.request({ op: 'firmware', ref, version: '3.0.0' })).toEqual({ ok: true });
    expect(sim.firmware).toEqual([{ ref, version: '3.0.0' }]);
    expect(await bus.request({ op: 'firmware', ref: { ...ref, vehicleId: 'v2' }, version: '3.0.0' })).toEqual({ ok: false, msg: 'Vehicle is not reachable' });
  });

  it('keeps a vehicle live while any node watches it', async () => {
    const bus = new LocalBus();
    const sim = new FakeSimulator();
    sim.add(spec('v1'));
    bus.serveDevices(
      ownDevices(sim, () => 1000),
      'owner',
    );
    await bus.request({ op: 'live', vehicleId: 'v1', live: true, node: 'a' });
    await bus.request({ op: 'live', vehicleId: 'v1', live: true, node: 'b' });
    await bus.request({ op: 'live', vehicleId: 'v1', live: false, node: 'a' });
    expect(sim.live.has('v1')).toBe(true);
    await bus.request({ op: 'live', vehicleId: 'v1', live: false, node: 'b' });
    expect(sim.live.has('v1')).toBe(false);
  });
});
