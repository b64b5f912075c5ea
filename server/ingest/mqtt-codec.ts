// The MQTT topic scheme gateways (DTUs) publish under, one vehicle per S/N:
//   <prefix>/dtu/<sn>/status                                   vehicle status        (cmd 19 data)
//   <prefix>/dtu/<sn>/<deviceType>/<deviceId>/values           real-time values      (cmd 1 data)
//   <prefix>/dtu/<sn>/<deviceType>/<deviceId>/keys             key list              (cmd 144 data)
//   <prefix>/dtu/<sn>/<deviceType>/<deviceId>/version          firmware version      (cmd 97 data)
//   <prefix>/dtu/<sn>/<deviceType>/<deviceId>/firmware         firmware burn progress (cmd 149 data)
//   <prefix>/dtu/<sn>/<deviceType>/<deviceId>/alarm            alarm raised / cleared
//   <prefix>/dtu/<sn>/cmd                                      commands to the gateway (MQTT 5 request/response)
//   <prefix>/ctl/resync  <prefix>/ctl/online  <prefix>/ctl/reply/<node>   cluster control
// Payloads are JSON: the contract's frame data without vehicleId, deviceType and deviceId, which the
// topic carries.
import { decodeMessage } from '../../contract/protocol/decode';
import { CMD, DEVICE_TYPES, type DeviceType, type FrameSink } from '../../contract/protocol/types';
import type { DeviceRequest } from '../platform/bus/fleet-bus';
import type { AlarmKind, SimAlarmEvent, SimFrame } from '../sim/types';

export const mqttTopics = (prefix: string) => ({
  status: (sn: string) => `${prefix}/dtu/${sn}/status`,
  device: (sn: string, deviceType: DeviceType, deviceId: number, kind: TelemetryKind) => `${prefix}/dtu/${sn}/${deviceType}/${deviceId}/${kind}`,
  command: (sn: string) => `${prefix}/dtu/${sn}/cmd`,
  allCommands: `${prefix}/dtu/+/cmd`,
  telemetry: [`${prefix}/dtu/+/status`, `${prefix}/dtu/+/+/+/+`],
  resync: `${prefix}/ctl/resync`,
  online: `${prefix}/ctl/online`,
  reply: (node: string) => `${prefix}/ctl/reply/${node}`,
});

const KIND_OF_CMD = { [CMD.values]: 'values', [CMD.keyList]: 'keys', [CMD.vehicleVersion]: 'version', [CMD.firmwareBurn]: 'firmware' } as const;
export type TelemetryKind = (typeof KIND_OF_CMD)[keyof typeof KIND_OF_CMD] | 'alarm';
const CMD_OF_KIND: Record<string, number> = { values: CMD.values, keys: CMD.keyList, version: CMD.vehicleVersion, firmware: CMD.firmwareBurn };

/** Topic segments may not hold `/`, `+`, `#` or be empty; an S/N that does is not published. */
// eslint-disable-next-line no-control-regex -- NUL ends a topic in some brokers: an S/N holding one is not published.
export const isTopicSafe = (sn: string): boolean => sn.length > 0 && !/[/+#\u0000]/.test(sn);

/** A model frame as a gateway would publish it for the vehicle with serial number `sn`. */
export const encodeFrame = (frame: SimFrame, sn: string, prefix: string): { topic: string; payload: string } => {
  // Built by hand for the two frames sent every tick: no topic table or object spread per frame.
  const base = `${prefix}/dtu/${sn}`;
  if (frame.cmd === CMD.vehicleStatus) {
    const { status, ts, alarms, soc, lat, lng } = frame.data;
    return { topic: `${base}/status`, payload: JSON.stringify({ status, ts, alarms, soc, lat, lng }) };
  }
  if (frame.cmd === CMD.values) {
    const { deviceType, deviceId, ts, values } = frame.data;
    return { topic: `${base}/${deviceType}/${deviceId}/values`, payload: JSON.stringify({ ts, values }) };
  }
  const { vehicleId: _v, deviceType, deviceId, ...rest } = frame.data;
  return { topic: `${base}/${deviceType}/${deviceId}/${KIND_OF_CMD[frame.cmd]}`, payload: JSON.stringify(rest) };
};

export const encodeAlarm = (event: SimAlarmEvent, sn: string, prefix: string): { topic: string; payload: string } => {
  const { kind, severity, message, deviceType, deviceId } = event.alarm;
  return {
    topic: mqttTopics(prefix).device(sn, deviceType, deviceId, 'alarm'),
    payload: JSON.stringify({ type: event.type, kind, severity, message, ts: event.ts }),
  };
};

export const MQTT_DROP_REASONS = ['bad-topic', 'invalid-json', 'bad-payload', 'unknown-vehicle'] as const;
export type MqttDropReason = (typeof MQTT_DROP_REASONS)[number];

export type Telemetry = { frame: SimFrame } | { alarm: SimAlarmEvent } | { drop: MqttDropReason };

const SEVERITIES = new Set(['critical', 'major', 'minor']);
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const alarmOf = (body: Record<string, unknown>, vehicleId: string, deviceType: DeviceType, deviceId: number): SimAlarmEvent | null => {
  const { type, kind, severity, message, ts } = body;
  if (type !== 'raised' && type !== 'cleared') return null;
  if (typeof kind !== 'string' || kind === '' || typeof severity !== 'string' || !SEVERITIES.has(severity)) return null;
  if (typeof message !== 'string' || typeof ts !== 'number' || !Number.isFinite(ts)) return null;
  return { type, ts, alarm: { vehicleId, deviceType, deviceId, kind: kind as AlarmKind, severity: severity as SimAlarmEvent['alarm']['severity'], message } };
};

const deviceTypes = new Set<string>(DEVICE_TYPES);
const BAD_TOPIC: Telemetry = { drop: 'bad-topic' };

/**
 * One message from a gateway as a frame or alarm event of the vehicle with that S/N; anything that
 * does not fit the scheme or the contract comes back as its drop reason.
 */
export const decodeTelemetry = (prefix: string, topic: string, payload: Buffer | string, vehicleIdOf: (sn: string) => string | undefined): Telemetry => {
  const head = `${prefix}/dtu/`;
  if (!topic.startsWith(head)) return BAD_TOPIC;
  const parts = topic.slice(head.length).split('/');
  const sn = parts[0];
  const isStatus = parts.length === 2 && parts[1] === 'status';
  if (!sn || (!isStatus && parts.length !== 4)) return BAD_TOPIC;
  const deviceType = parts[1] as string;
  const deviceIdText = parts[2] as string;
  const kind = parts[3] as string;
  if (!isStatus && (!deviceTypes.has(deviceType) || !/^\d{1,2}$/.test(deviceIdText))) return BAD_TOPIC;
  if (!isStatus && kind !== 'alarm' && !(kind in CMD_OF_KIND)) return BAD_TOPIC;
  const vehicleId = vehicleIdOf(sn);
  if (!vehicleId) return { drop: 'unknown-vehicle' };
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return { drop: 'invalid-json' };
  }
  if (!isRecord(body)) return { drop: 'bad-payload' };
  // The parsed body is this message's own object: the topic's fields are written into it, not copied.
  body.vehicleId = vehicleId;
  if (isStatus) return checked(CMD.vehicleStatus, body);
  const deviceId = Number(deviceIdText);
  if (kind === 'alarm') {
    const alarm = alarmOf(body, vehicleId, deviceType as DeviceType, deviceId);
    return alarm ? { alarm } : { drop: 'bad-payload' };
  }
  body.deviceType = deviceType;
  body.deviceId = deviceId;
  return checked(CMD_OF_KIND[kind] as number, body);
};

/** The contract's own frame check, shared with the console; one sink for every message. */
let lastChecked: SimFrame | null = null;
const checkSink: FrameSink = {
  frame: (f) => (lastChecked = f as SimFrame),
  drop: () => (lastChecked = null),
};
const checked = (cmd: number, data: Record<string, unknown>): Telemetry => {
  decodeMessage({ cmd, data }, checkSink);
  const frame = lastChecked;
  lastChecked = null;
  return frame ? { frame } : { drop: 'bad-payload' };
};

/** A device request as sent to the gateway of the vehicle: the topic names the S/N instead of the vehicle id. */
export const requestToWire = (req: DeviceRequest): string => {
  if ('ref' in req) {
    const { ref, ...rest } = req;
    return JSON.stringify({ ...rest, deviceType: ref.deviceType, deviceId: ref.deviceId });
  }
  const { vehicleId: _v, ...rest } = req;
  return JSON.stringify(rest);
};

export const requestFromWire = (payload: Buffer | string, vehicleId: string): DeviceRequest | null => {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString());
  } catch {
    return null;
  }
  if (!isRecord(body) || typeof body.op !== 'string') return null;
  const { deviceType, deviceId, ...rest } = body;
  if (body.op === 'live' || body.op === 'force-status' || body.op === 'silence') return { ...rest, vehicleId } as DeviceRequest;
  if (typeof deviceType !== 'string' || !(DEVICE_TYPES as readonly string[]).includes(deviceType) || !Number.isInteger(deviceId)) return null;
  return { ...rest, ref: { vehicleId, deviceType: deviceType as DeviceType, deviceId: deviceId as number } } as DeviceRequest;
};
