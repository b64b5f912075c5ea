// A vehicle's history within one UTC hour, summed up per device so a report need not read every
// sample: what the hour's samples add up to, and the first and last sample's values, so the interval
// from one hour's last sample to the next hour's first is counted when hours are folded together.
// Folding the summaries of consecutive hours gives exactly the figures of their samples.
//
// Powers are integrated sample to sample (the earlier sample's power over the interval); an interval
// longer than MAX_GAP_MS is a gap (the vehicle was offline) and counts towards no energy or time.
// The odometer is cumulative, so distance counts across gaps.
import type { DeviceType } from '../../contract/protocol/types';
import type { HistorySample } from '../platform/database/records';

const MAX_GAP_MS = 10 * 60_000;
/** SOC under this is "low" (the report's time below 20 %). */
const LOW_SOC = 20;
export const HOUR_MS = 3600_000;
export const DAY_MS = 24 * HOUR_MS;
const WH_PER_WS = 1 / 3600;

const kwh = (w: number, dtMs: number) => (w * (dtMs / 1000) * WH_PER_WS) / 1000;
const value = (v: number) => (Number.isNaN(v) ? 0 : v);
const lower = (a: number, b: number) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : Math.min(a, b));
const isTyrePressure = (k: string) => k.startsWith('tyre_') && k.endsWith('_pressure');

type Values = ArrayLike<number>;

interface DeviceKind {
  deviceType: DeviceType;
  /** Stored in a packed summary. */
  code: number;
  /** Only device 0 counts (one system, battery, DC-DC and inverter per vehicle). */
  firstOnly: boolean;
  /** Values kept of the first and last sample; NaN when the sample lacks one. */
  edge: readonly string[];
  /** Accumulators, each added up or kept lowest when summaries fold. */
  acc: ReadonlyArray<'sum' | 'min'>;
  sample?(acc: number[], values: Record<string, number>, edge: Values): void;
  /** The interval from a sample to the next, given their edge values. */
  step(acc: number[], a: Values, b: Values, dt: number): void;
}

const inGap = (dt: number) => dt <= 0 || dt > MAX_GAP_MS;

// Accumulator positions, per kind.
export const SYSTEM = { distanceKm: 0, drivingS: 1, consumptionKwh: 2, tyreMinKpa: 3 } as const;
export const BMS = { socMin: 0, socSum: 1, socCount: 2, lowS: 3 } as const;
export const TANK = { min: 0, sum: 1, count: 2 } as const;
export const INV = { shoreKwh: 0, consumptionKwh: 1 } as const;

const KINDS: readonly DeviceKind[] = [
  {
    deviceType: 'system',
    code: 1,
    firstOnly: true,
    edge: ['odometer', 'speed', 'dc_load_power'],
    acc: ['sum', 'sum', 'sum', 'min'],
    sample: (acc, values) => {
      for (const k in values) if (isTyrePressure(k)) acc[SYSTEM.tyreMinKpa] = lower(acc[SYSTEM.tyreMinKpa]!, values[k]!);
    },
    step: (acc, a, b, dt) => {
      if (b[0]! > a[0]!) acc[SYSTEM.distanceKm]! += b[0]! - a[0]!;
      if (inGap(dt)) return;
      if (value(a[1]!) > 0) acc[SYSTEM.drivingS]! += dt / 1000;
      acc[SYSTEM.consumptionKwh]! += kwh(value(a[2]!), dt);
    },
  },
  {
    deviceType: 'mppt',
    code: 2,
    firstOnly: false,
    edge: ['pv_power'],
    acc: ['sum'],
    step: (acc, a, _b, dt) => {
      if (!inGap(dt)) acc[0]! += kwh(value(a[0]!), dt);
    },
  },
  {
    deviceType: 'dcdc',
    code: 3,
    firstOnly: true,
    edge: ['power'],
    acc: ['sum'],
    step: (acc, a, _b, dt) => {
      if (!inGap(dt)) acc[0]! += kwh(value(a[0]!), dt);
    },
  },
  {
    deviceType: 'inv',
    code: 4,
    firstOnly: true,
    edge: ['ac_input_power', 'ac_load'],
    acc: ['sum', 'sum'],
    step: (acc, a, _b, dt) => {
      if (inGap(dt)) return;
      acc[INV.shoreKwh]! += kwh(value(a[0]!), dt);
      acc[INV.consumptionKwh]! += kwh(value(a[1]!), dt);
    },
  },
  {
    deviceType: 'bms',
    code: 5,
    firstOnly: true,
    edge: ['soc'],
    acc: ['min', 'sum', 'sum', 'sum'],
    sample: (acc, _values, edge) => {
      const soc = edge[0]!;
      if (Number.isNaN(soc)) return;
      acc[BMS.socMin] = lower(acc[BMS.socMin]!, soc);
      acc[BMS.socSum]! += soc;
      acc[BMS.socCount]! += 1;
    },
    step: (acc, a, _b, dt) => {
      if (!inGap(dt) && a[0]! < LOW_SOC) acc[BMS.lowS]! += dt / 1000;
    },
  },
  {
    deviceType: 'watertank',
    code: 6,
    firstOnly: false,
    edge: ['level'],
    acc: ['min', 'sum', 'sum'],
    sample: (acc, _values, edge) => {
      const level = edge[0]!;
      if (Number.isNaN(level)) return;
      acc[TANK.min] = lower(acc[TANK.min]!, level);
      acc[TANK.sum]! += level;
      acc[TANK.count]! += 1;
    },
    step: () => {},
  },
];

const KIND_OF_TYPE = new Map(KINDS.map((k) => [k.deviceType as string, k]));
const KIND_OF_CODE = new Map(KINDS.map((k) => [k.code, k]));
/** The device types a summary covers. */
export const SUMMARY_DEVICE_TYPES: readonly DeviceType[] = KINDS.map((k) => k.deviceType);
const EDGE_KEYS = new Set(KINDS.flatMap((k) => k.edge));
/** The keys a summary reads (the history reader can leave the others packed). */
export const isSummaryKey = (key: string) => EDGE_KEYS.has(key) || isTyrePressure(key);

interface DeviceSummary {
  kind: DeviceKind;
  deviceId: number;
  firstTs: number;
  lastTs: number;
  first: Values;
  last: Values;
  acc: Values;
}

/** A vehicle's summary of an hour, or of a day folded from its hours. */
export interface HourSummary {
  /** Start of the UTC hour (or day), epoch ms. */
  hour: number;
  devices: DeviceSummary[];
}

const emptyAcc = (kind: DeviceKind): number[] => kind.acc.map((a) => (a === 'min' ? Number.NaN : 0));

/** Adds b's accumulators into a. */
const mergeAcc = (kind: DeviceKind, a: number[], b: Values) => {
  kind.acc.forEach((how, i) => {
    a[i] = how === 'min' ? lower(a[i]!, b[i]!) : a[i]! + b[i]!;
  });
};

export const hourOf = (ts: number) => Math.floor(ts / HOUR_MS) * HOUR_MS;
export const dayOf = (ts: number) => Math.floor(ts / DAY_MS) * DAY_MS;

/** One device's samples, oldest first, all within one hour. */
const summariseDevice = (kind: DeviceKind, deviceId: number, samples: readonly HistorySample[]): DeviceSummary => {
  const acc = emptyAcc(kind);
  let prev: number[] | null = null;
  let prevTs = 0;
  let first: number[] = [];
  for (const s of samples) {
    const edge = kind.edge.map((k) => s.values[k] ?? Number.NaN);
    kind.sample?.(acc, s.values, edge);
    if (prev) kind.step(acc, prev, edge, s.ts - prevTs);
    else first = edge;
    prev = edge;
    prevTs = s.ts;
  }
  return { kind, deviceId, firstTs: samples[0]!.ts, lastTs: prevTs, first, last: prev ?? [], acc };
};

/**
 * A vehicle's samples (any devices, oldest first per device) summarised per hour, oldest hour first.
 * Devices no report figure reads are left out.
 */
export const summariseHours = (samples: readonly HistorySample[]): HourSummary[] => {
  const groups = new Map<number, Map<string, { kind: DeviceKind; deviceId: number; list: HistorySample[] }>>();
  for (const s of samples) {
    const kind = KIND_OF_TYPE.get(s.deviceType);
    if (!kind || (kind.firstOnly && s.deviceId !== 0)) continue;
    const hour = hourOf(s.ts);
    let devices = groups.get(hour);
    if (!devices) groups.set(hour, (devices = new Map<string, { kind: DeviceKind; deviceId: number; list: HistorySample[] }>()));
    const key = `${kind.code}:${s.deviceId}`;
    let g = devices.get(key);
    if (!g) devices.set(key, (g = { kind, deviceId: s.deviceId, list: [] }));
    g.list.push(s);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([hour, devices]) => ({ hour, devices: [...devices.values()].map((g) => summariseDevice(g.kind, g.deviceId, g.list)) }));
};

// Packed: per device [code, deviceId, firstTs, lastTs, ...first, ...last, ...acc] as float64.
const widthOf = (kind: DeviceKind) => 4 + 2 * kind.edge.length + kind.acc.length;

export const packHour = (h: HourSummary): Buffer => {
  const out = new Float64Array(h.devices.reduce((n, d) => n + widthOf(d.kind), 0));
  let i = 0;
  for (const d of h.devices) {
    const n = d.kind.edge.length;
    out.set([d.kind.code, d.deviceId, d.firstTs, d.lastTs], i);
    out.set(d.first, i + 4);
    out.set(d.last, i + 4 + n);
    out.set(d.acc, i + 4 + 2 * n);
    i += widthOf(d.kind);
  }
  return Buffer.from(out.buffer);
};

export const unpackHour = (hour: number, blob: Uint8Array): HourSummary => {
  // A copy: the driver's buffer need not be aligned for a Float64Array.
  const v = new Float64Array(blob.byteLength / 8);
  new Uint8Array(v.buffer).set(blob);
  const devices: DeviceSummary[] = [];
  for (let i = 0; i < v.length;) {
    const kind = KIND_OF_CODE.get(v[i]!);
    if (!kind) break;
    const n = kind.edge.length;
    const at = i + 4;
    devices.push({
      kind,
      deviceId: v[i + 1]!,
      firstTs: v[i + 2]!,
      lastTs: v[i + 3]!,
      first: v.subarray(at, at + n),
      last: v.subarray(at + n, at + 2 * n),
      acc: v.subarray(at + 2 * n, at + 2 * n + kind.acc.length),
    });
    i += widthOf(kind);
  }
  return { hour, devices };
};

/**
 * Folds a vehicle's summaries (oldest first) into one per device, as if its samples were summarised
 * at once; `onHour` gets what each summary adds, attributed to its start (an interval belongs to the
 * summary of its earlier sample).
 */
export const foldHours = (hours: readonly HourSummary[], onHour: (hour: number, kind: DeviceKind, added: Values) => void = () => {}): DeviceSummary[] => {
  const running = new Map<string, DeviceSummary & { acc: number[]; lastHour: number }>();
  for (const h of hours) {
    for (const d of h.devices) {
      const key = `${d.kind.code}:${d.deviceId}`;
      let r = running.get(key);
      if (!r) running.set(key, (r = { ...d, acc: emptyAcc(d.kind), lastHour: h.hour }));
      else {
        const across = emptyAcc(d.kind);
        d.kind.step(across, r.last, d.first, d.firstTs - r.lastTs);
        mergeAcc(d.kind, r.acc, across);
        onHour(r.lastHour, d.kind, across);
      }
      mergeAcc(d.kind, r.acc, d.acc);
      onHour(h.hour, d.kind, d.acc);
      r.last = d.last;
      r.lastTs = d.lastTs;
      r.lastHour = h.hour;
    }
  }
  return [...running.values()].map(({ lastHour: _, ...d }) => d);
};
