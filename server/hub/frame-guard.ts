import { DEVICE_TYPES, MAX_DEVICE_ID, type DeviceRef, type DeviceType } from '../../contract/protocol/types';

export interface InboundFrame {
  cmd: number;
  seq?: number;
  data: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why an inbound message or frame was dropped. */
export const INBOUND_DROP_REASONS = ['invalid-json', 'not-a-frame', 'binary', 'too-large'] as const;
export type InboundDropReason = (typeof INBOUND_DROP_REASONS)[number];

/** The frames of one inbound message; malformed entries come back as their drop reason so they can be counted. */
export const parseInbound = (text: string): Array<InboundFrame | InboundDropReason> => {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return ['invalid-json'];
  }
  const list = Array.isArray(parsed) ? parsed : [parsed];
  return list.map((f) => {
    if (!isRecord(f) || !Number.isInteger(f.cmd)) return 'not-a-frame';
    if (f.seq !== undefined && !Number.isInteger(f.seq)) return 'not-a-frame';
    const data = f.data === undefined ? {} : f.data;
    if (!isRecord(data)) return 'not-a-frame';
    return { cmd: f.cmd as number, ...(f.seq !== undefined ? { seq: f.seq as number } : {}), data };
  });
};

/** `{ vehicleIds: string[] }` or `{ all: true }`, else null. */
export const selectionOf = (data: Record<string, unknown>): { all: true } | { vehicleIds: string[] } | null => {
  if (data.all === true) return { all: true };
  const ids = data.vehicleIds;
  if (Array.isArray(ids) && ids.every((id) => typeof id === 'string')) return { vehicleIds: ids as string[] };
  return null;
};

export const deviceRefOf = (data: Record<string, unknown>): DeviceRef | null => {
  const { vehicleId, deviceType, deviceId } = data;
  if (typeof vehicleId !== 'string' || typeof deviceType !== 'string') return null;
  if (!(DEVICE_TYPES as readonly string[]).includes(deviceType)) return null;
  const type = deviceType as DeviceType;
  if (!Number.isInteger(deviceId) || (deviceId as number) < 0 || (deviceId as number) > MAX_DEVICE_ID[type]) return null;
  return { vehicleId, deviceType: type, deviceId: deviceId as number };
};
