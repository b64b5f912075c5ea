import mqtt from 'mqtt';
import { afterEach, describe, expect, it } from 'vitest';
import { ownDevices } from '../platform/bus/device-owner';
import type { SimFrame } from '../sim/types';
import { FakeSimulator } from '../test-support/fake-simulator';
import { MQTT_URL, reachable, runPrefix } from '../test-support/services';
import { MqttBridge } from './mqtt-bridge';
import { runGateways } from './mqtt-gateway';

const up = await reachable(MQTT_URL);
const waitFor = async <T>(pick: () => T | undefined, timeoutMs = 3000): Promise<T> => {
  const start = Date.now();
  for (;;) {
    const v = pick();
    if (v !== undefined) return v;
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe.skipIf(!up)('MQTT ingestion', () => {
  const closers: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  const setup = async () => {
    const prefix = runPrefix('ingest');
    const bridge = await MqttBridge.connect({
      url: MQTT_URL,
      prefix,
      nodeId: 'node-1',
      vehicleIdOf: (sn) => (sn === 'SN-1' ? 'veh-1' : undefined),
      snOf: (id) => (id === 'veh-1' ? 'SN-1' : undefined),
      requestTimeoutMs: 2000,
    });
    closers.push(() => bridge.close());
    const gateway = await mqtt.connectAsync(MQTT_URL, { protocolVersion: 5 });
    closers.push(() => gateway.endAsync());
    return { prefix, bridge, gateway };
  };

  it('counts and drops malformed payloads and keeps taking good ones', async () => {
    const { prefix, bridge, gateway } = await setup();
    const frames: SimFrame[] = [];
    bridge.onFrame((f) => frames.push(f));
    await gateway.publishAsync(`${prefix}/dtu/SN-1/status`, '{"status":');
    await gateway.publishAsync(`${prefix}/dtu/SN-1/bms/0/values`, Buffer.from([0xff, 0xfe, 0x00]));
    await gateway.publishAsync(`${prefix}/dtu/SN-1/bms/0/values`, '{"ts":"soon","values":{}}');
    await gateway.publishAsync(`${prefix}/dtu/SN-77/status`, '{"status":"normal","ts":1}');
    await gateway.publishAsync(`${prefix}/dtu/SN-1/status`, '{"status":"normal","ts":5,"soc":80}');
    await waitFor(() => frames[0]);
    expect(frames).toEqual([{ cmd: 19, data: { vehicleId: 'veh-1', status: 'normal', ts: 5, soc: 80 } }]);
    expect(bridge.stats.received).toBe(5);
    expect(bridge.stats.dropped).toEqual({ 'bad-topic': 0, 'invalid-json': 2, 'bad-payload': 1, 'unknown-vehicle': 1 });
  });

  it("passes device requests to the vehicle's gateway and back", async () => {
    const { prefix, bridge, gateway } = await setup();
    const sim = new FakeSimulator();
    sim.add({
      id: 'veh-1',
      kind: 'van',
      home: { lat: 52, lng: 4 },
      nominalVoltage: 12,
      batteryAh: 200,
      solarW: 0,
      tanks: 1,
      tyres: 4,
      airConditioner: false,
      versions: {},
    });
    const gateways = await runGateways({
      client: gateway,
      prefix,
      sim,
      devices: ownDevices(sim, () => 1000),
      snOf: (id) => (id === 'veh-1' ? 'SN-1' : undefined),
      vehicleIdOf: (sn) => (sn === 'SN-1' ? 'veh-1' : undefined),
      vehicleIds: () => ['veh-1'],
      now: Date.now,
    });
    closers.push(async () => gateways.stop());
    const ref = { vehicleId: 'veh-1', deviceType: 'bms' as const, deviceId: 0 };
    expect(await bridge.request({ op: 'setting', ref, setting: 'charge_limit', value: 80 })).toEqual({ ok: true });
    expect(sim.settings).toEqual([{ ref, setting: 'charge_limit', value: 80 }]);
    expect(await bridge.request({ op: 'keys', ref })).toMatchObject({ ok: true, keys: [{ key: 'soc' }, { key: 'voltage' }] });
    // A vehicle the bridge has no S/N for is not this bridge's to answer.
    expect(await bridge.request({ op: 'keys', ref: { ...ref, vehicleId: 'veh-9' } })).toBeNull();
  });
});
