import { describe, expect, it } from 'vitest';
import type { SimFrame } from '../sim/types';
import { decodeTelemetry, encodeAlarm, encodeFrame, requestFromWire, requestToWire } from './mqtt-codec';

const vehicles = new Map([['SN-0042', 'veh-42']]);
const idOf = (sn: string) => vehicles.get(sn);
const decode = (topic: string, payload: string) => decodeTelemetry('fleet', topic, payload, idOf);

describe('MQTT topic scheme', () => {
  const frames: SimFrame[] = [
    { cmd: 1, data: { vehicleId: 'veh-42', deviceType: 'mppt', deviceId: 1, ts: 1000, values: { pv_power: 312.5, state: 'charging', temp: null } } },
    { cmd: 19, data: { vehicleId: 'veh-42', status: 'alarm', ts: 1000, alarms: 2, soc: 57.5, lat: 52.1, lng: 4.3 } },
    { cmd: 144, data: { vehicleId: 'veh-42', deviceType: 'bms', deviceId: 0, keys: [{ key: 'soc', label: 'SOC', unit: '%', kind: 'number' }] } },
    { cmd: 97, data: { vehicleId: 'veh-42', deviceType: 'inv', deviceId: 0, version: '2.1.0' } },
    { cmd: 149, data: { vehicleId: 'veh-42', deviceType: 'inv', deviceId: 0, state: 'failure', progress: 40, msg: 'Checksum mismatch' } },
  ];

  it('publishes each frame under the S/N and device, and reads it back as the same frame', () => {
    const topics = frames.map((f) => encodeFrame(f, 'SN-0042', 'fleet').topic);
    expect(topics).toEqual([
      'fleet/dtu/SN-0042/mppt/1/values',
      'fleet/dtu/SN-0042/status',
      'fleet/dtu/SN-0042/bms/0/keys',
      'fleet/dtu/SN-0042/inv/0/version',
      'fleet/dtu/SN-0042/inv/0/firmware',
    ]);
    for (const frame of frames) {
      const { topic, payload } = encodeFrame(frame, 'SN-0042', 'fleet');
      expect(JSON.parse(payload)).not.toHaveProperty('vehicleId');
      expect(decode(topic, payload)).toEqual({ frame });
    }
  });

  it('carries alarm events', () => {
    const event = {
      type: 'raised' as const,
      ts: 5000,
      alarm: { vehicleId: 'veh-42', deviceType: 'bms' as const, deviceId: 0, kind: 'low_soc' as const, severity: 'major' as const, message: 'Battery low' },
    };
    const { topic, payload } = encodeAlarm(event, 'SN-0042', 'fleet');
    expect(topic).toBe('fleet/dtu/SN-0042/bms/0/alarm');
    expect(decode(topic, payload)).toEqual({ alarm: event });
  });

  it('drops what does not fit, with the reason', () => {
    expect(decode('fleet/dtu/SN-0042/status', '{"status":')).toEqual({ drop: 'invalid-json' });
    expect(decode('fleet/dtu/SN-0042/status', '[1,2]')).toEqual({ drop: 'bad-payload' });
    expect(decode('fleet/dtu/SN-0042/status', '{"status":"exploded","ts":1}')).toEqual({ drop: 'bad-payload' });
    expect(decode('fleet/dtu/SN-0042/bms/0/values', '{"ts":1,"values":{"soc":{"nested":1}}}')).toEqual({ drop: 'bad-payload' });
    expect(decode('fleet/dtu/SN-0042/bms/0/alarm', '{"type":"raised","kind":"low_soc","severity":"dire","message":"x","ts":1}')).toEqual({ drop: 'bad-payload' });
    expect(decode('fleet/dtu/SN-0042/mppt/7/values', '{"ts":1,"values":{}}')).toEqual({ drop: 'bad-payload' });
    expect(decode('fleet/dtu/SN-0042/toaster/0/values', '{}')).toEqual({ drop: 'bad-topic' });
    expect(decode('fleet/dtu/SN-0042/bms/0/selfie', '{}')).toEqual({ drop: 'bad-topic' });
    expect(decode('other/dtu/SN-0042/status', '{}')).toEqual({ drop: 'bad-topic' });
    expect(decode('fleet/dtu/SN-9999/status', '{"status":"normal","ts":1}')).toEqual({ drop: 'unknown-vehicle' });
  });

  it('sends device requests to the gateway by S/N and reads them back for the vehicle', () => {
    const firmware = { op: 'firmware' as const, ref: { vehicleId: 'veh-42', deviceType: 'inv' as const, deviceId: 0 }, version: '2.2.0' };
    expect(JSON.parse(requestToWire(firmware))).toEqual({ op: 'firmware', deviceType: 'inv', deviceId: 0, version: '2.2.0' });
    expect(requestFromWire(requestToWire(firmware), 'veh-42')).toEqual(firmware);
    const live = { op: 'live' as const, vehicleId: 'veh-42', live: true, node: 'n1' };
    expect(requestFromWire(requestToWire(live), 'veh-42')).toEqual(live);
    expect(requestFromWire('{"op":"setting","deviceType":"fridge","deviceId":0}', 'veh-42')).toBeNull();
    expect(requestFromWire('not json', 'veh-42')).toBeNull();
  });
});
