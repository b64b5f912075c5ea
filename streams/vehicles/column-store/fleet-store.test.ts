import { describe, expect, it } from 'vitest';
import type { IncomingFrame } from '../../../contract/protocol/types';
import { vehicleRow } from '../../testing/fake-api';
import { FleetStore } from './fleet-store';
import type { FleetSnapshot } from '../types';

const bms = (vehicleId: string, ts: number, soc: number): IncomingFrame => ({
  cmd: 1,
  data: { vehicleId, deviceType: 'bms', deviceId: 0, ts, values: { soc } },
});
const tank = (vehicleId: string, ts: number, level: number): IncomingFrame => ({
  cmd: 1,
  data: { vehicleId, deviceType: 'watertank', deviceId: 3, ts, values: { level } },
});
const status = (vehicleId: string, s: 'normal' | 'alarm' | 'offline', ts: number): IncomingFrame => ({
  cmd: 19,
  data: { vehicleId, status: s, ts },
});

function fleetOf(...ids: Array<[string, string, string | null]>): { store: FleetStore } {
  const store = new FleetStore(() => 0);
  store.replace(ids.map(([id, fleetId, depotId]) => vehicleRow(id, { fleetId, subFleetId: `sub-${fleetId}`, depotId })));
  return { store };
}

describe('FleetStore', () => {
  it('keeps counts by fleet, sub-fleet and depot as statuses change, without recounting the fleet', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1'], ['v2', 'f1', null], ['v3', 'f2', 'd1']);
    expect(store.flush()?.summary).toMatchObject({ total: 3, normal: 3, byFleet: { f1: { normal: 2 }, f2: { normal: 1 } } });

    store.apply(status('v2', 'alarm', 1));
    store.apply(status('v3', 'offline', 2));
    store.apply(status('v3', 'offline', 3));
    const summary = store.flush()?.summary;
    expect(summary).toEqual({
      total: 3,
      normal: 1,
      alarm: 1,
      offline: 1,
      byFleet: { f1: { normal: 1, alarm: 1, offline: 0 }, f2: { normal: 0, alarm: 0, offline: 1 } },
      bySubFleet: { 'sub-f1': { normal: 1, alarm: 1, offline: 0 }, 'sub-f2': { normal: 0, alarm: 0, offline: 1 } },
      byDepot: { d1: { normal: 1, alarm: 0, offline: 1 } },
      stale: false,
    });

    store.apply(bms('v1', 4, 50));
    expect(store.flush()?.summary).toBeNull();
  });

  it('publishes summaries that later frames do not change', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1']);
    const first = store.flush()?.summary;
    store.apply(status('v1', 'alarm', 1));
    store.flush();
    expect(first).toMatchObject({ normal: 1, alarm: 0, byFleet: { f1: { normal: 1, alarm: 0 } } });
  });

  it('rebuilds only the devices that changed: the others keep their identity', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1']);
    store.apply(bms('v1', 1, 50));
    store.apply(tank('v1', 1, 70));
    const before = store.flush()?.vehicles.get('v1');
    store.apply(tank('v1', 2, 69));
    const after = store.flush()?.vehicles.get('v1');

    expect(after).not.toBe(before);
    expect(after?.devices['bms:0']).toBe(before?.devices['bms:0']);
    expect(after?.devices['watertank:3']).toEqual({ values: { level: 69 }, ts: 2 });
    expect(before?.devices['watertank:3']).toEqual({ values: { level: 70 }, ts: 1 });
    expect(Object.keys(after?.devices ?? {})).toEqual(['bms:0', 'watertank:3']);
  });

  it('shows a device heard only through its version with no values yet', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1']);
    store.apply({ cmd: 97, data: { vehicleId: 'v1', deviceType: 'mppt', deviceId: 1, version: '1.2.0' } });
    expect(store.flush()?.vehicles.get('v1')?.devices['mppt:1']).toEqual({ values: {}, ts: 0, version: '1.2.0' });
  });

  it('takes the last row of a snapshot that lists a vehicle twice, and refuses frames for unknown vehicles', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1'], ['v1', 'f2', null]);
    expect(store.apply(bms('ghost', 1, 10))).toBe(false);
    expect(store.apply(bms('v1', 1, 10))).toBe(true);
    const published = store.flush();
    expect(published?.vehicles.size).toBe(1);
    expect(published?.vehicles.get('v1')?.fleetId).toBe('f2');
    expect(published?.summary).toMatchObject({ total: 1, byFleet: { f2: { normal: 1 } } });
  });

  it('after a reconnect keeps only what arrived since, once the fresh snapshot lands', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1'], ['v2', 'f1', 'd1']);
    store.apply(bms('v1', 1, 50));
    store.apply(bms('v2', 1, 60));
    store.markStale();
    expect(store.flush()?.vehicles.get('v1')?.stale).toBe(true);
    store.apply(tank('v1', 5, 30));
    store.apply(status('v2', 'alarm', Date.parse('2026-01-01T00:05:00.000Z')));
    store.replace([vehicleRow('v1'), vehicleRow('v2')]);
    const published = store.flush();

    const v1 = published?.vehicles.get('v1');
    const v2 = published?.vehicles.get('v2');
    expect(v1?.stale).toBe(false);
    expect(Object.keys(v1?.devices ?? {})).toEqual(['watertank:3']);
    expect(v2?.devices).toEqual({});
    // The status frame is newer than the snapshot row, so it wins.
    expect(v2).toMatchObject({ status: 'alarm', lastSeen: '2026-01-01T00:05:00.000Z' });
    expect(published?.summary).toMatchObject({ alarm: 1, normal: 1, stale: false });
  });

  it('tells a consumer of consecutive publishes which vehicles got a status frame in between', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1'], ['v2', 'f1', 'd1'], ['v3', 'f1', 'd1']);
    const publish = (): FleetSnapshot => store.flush()?.vehicles as FleetSnapshot;
    const first = publish();
    store.apply(status('v3', 'normal', 1));
    store.apply(bms('v2', 1, 50));
    store.apply(status('v1', 'alarm', 2));
    store.apply(status('v3', 'offline', 3));
    store.apply(status('ghost', 'alarm', 3));
    const second = publish();
    expect(second.version).toBe(first.version + 1);
    expect(second.statusChangedSince(first)).toEqual(['v3', 'v1']);
    // A selection keeps the version and the change information (ids may lie outside it).
    const alarms = second.select((outline) => outline.status === 'alarm');
    expect([...alarms.keys()]).toEqual(['v1']);
    expect(alarms.statusChangedSince(first)).toEqual(['v3', 'v1']);

    store.apply(bms('v2', 2, 60));
    const third = publish();
    expect(third.statusChangedSince(second)).toEqual([]);
    // Not consecutive, or not publishes of this store: every vehicle has to be compared.
    expect(third.statusChangedSince(first)).toBeNull();
    const other = fleetOf(['v1', 'f1', 'd1']).store;
    other.flush();
    other.apply(status('v1', 'alarm', 1));
    const othersSecond = other.flush()?.vehicles as FleetSnapshot;
    expect(othersSecond.version).toBe(second.version);
    expect(third.statusChangedSince(othersSecond)).toBeNull();

    store.markStale();
    const stale = publish();
    expect(stale.statusChangedSince(third)).toBeNull();
    store.replace([vehicleRow('v1')]);
    const replaced = publish();
    expect(replaced.statusChangedSince(stale)).toBeNull();
    store.apply(status('v1', 'normal', 4));
    expect(publish().statusChangedSince(replaced)).toEqual(['v1']);
  });

  it('gives the places of a publish or a selection of it as columns, as the store has them now', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1'], ['v2', 'f1', 'd1'], ['v3', 'f2', 'd1']);
    store.apply({ cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: 1, lat: 59.9, lng: 10.7 } });
    const published = store.flush()?.vehicles as FleetSnapshot;
    const places = published.places();
    expect(places.ids).toEqual(['v1', 'v2', 'v3']);
    expect([...places.status]).toEqual([0, 1, 0]);
    expect(places.lat[1]).toBe(59.9);
    expect(places.lng[1]).toBe(10.7);
    expect(published.outline('v2')).toMatchObject({ status: 'alarm', lat: 59.9, lng: 10.7 });
    const fleet2 = published.select((outline) => outline.fleetId === 'f2');
    expect(fleet2.places().ids).toEqual(['v3']);
    expect(fleet2.outline('v1')).toBeUndefined();
  });

  it('keeps a vehicle read from a publish as it was, after later frames and publishes', () => {
    const { store } = fleetOf(['v1', 'f1', 'd1'], ['v2', 'f1', 'd1']);
    const first = store.flush()?.vehicles as FleetSnapshot;
    const a1 = first.get('v1');
    store.apply({ cmd: 19, data: { vehicleId: 'v1', status: 'alarm', ts: Date.parse('2026-01-01T00:05:00Z'), alarms: 2 } });
    store.apply(bms('v1', 9, 30));
    const second = store.flush()?.vehicles as FleetSnapshot;
    const a2 = second.get('v1');
    expect(first.get('v1')).toBe(a1);
    expect(a1).toMatchObject({ status: 'normal', alarms: 0, devices: {} });
    expect(a2).toMatchObject({ status: 'alarm', alarms: 2 });
    expect(Object.keys(a2?.devices ?? {})).toEqual(['bms:0']);
    expect(a2).not.toBe(a1);
    // The vehicle that did not change keeps its identity from one publish to the next.
    expect(second.get('v2')).toBe(first.get('v2'));
  });

  it("gives every vehicle's outline without building its snapshot, as the snapshot would have it", () => {
    const { store } = fleetOf(['v1', 'f1', 'd1'], ['v2', 'f1', 'd1']);
    store.apply({ cmd: 19, data: { vehicleId: 'v2', status: 'alarm', ts: 5, lat: 52.5, lng: 13.4 } });
    store.apply(bms('v2', 6, 40));
    const vehicles = store.flush()?.vehicles as FleetSnapshot;
    const outlines = new Map(vehicles.outlines());
    expect(outlines.get('v2')).toEqual({ name: 'Vehicle v2', sn: expect.any(String), fleetId: 'f1', status: 'alarm', lat: 52.5, lng: 13.4 });
    for (const [id, vehicle] of vehicles) {
      const { name, sn, fleetId, status, lat, lng } = vehicle;
      expect(outlines.get(id)).toEqual({ name, sn, fleetId, status, lat, lng });
    }
  });

  it('learns a reporting interval from the first frame after a snapshot of a vehicle that had just reported', () => {
    const seen = Date.parse('2026-01-01T00:00:00.000Z');
    const store = new FleetStore(() => seen + 1_500);
    store.replace([vehicleRow('v1'), vehicleRow('v2', { lastSeen: new Date(seen - 60_000).toISOString() })]);
    store.apply(bms('v1', seen + 2_000, 50));
    store.apply(bms('v2', seen + 2_000, 50));
    const vehicles = store.flush()!.vehicles;
    expect(vehicles.get('v1')?.reportIntervalMs).toBe(2_000);
    // A report a minute old may span an outage: the interval waits for two frames.
    expect(vehicles.get('v2')?.reportIntervalMs).toBe(0);
  });
});
