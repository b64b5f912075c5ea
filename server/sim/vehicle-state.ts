import type { DeviceRef, DeviceState, DeviceType, KeyInfo, LiveValue, VehicleStatus } from '../../contract/protocol/types';
import type { AirConditionerState } from './air-conditioner';
import type { BatteryState } from './battery';
import { cellMismatch, packVoltage } from './battery';
import type { DayPlan } from './day-plan';
import { localDay, planDay } from './day-plan';
import type { TripPoint } from './driving';
import type { VehicleSettings } from './factory-settings';
import { factorySettings } from './factory-settings';
import type { HourEvents, VehicleOpening } from './faults';
import { hash32, hashString } from './hash';
import { deviceKeys } from './key-catalogue';
import type { KindProfile } from './kind-profile';
import { KIND_PROFILES } from './kind-profile';
import { mulberry32, type SeededRandom } from './random';
import type { Scenario } from './scenario';
import { SCENARIOS } from './scenario';
import type { TankState } from './tanks';
import { createTanks } from './tanks';
import type { TyreState } from './tyres';
import { createTyres } from './tyres';
import type { SimAlarm, SimVehicleSpec } from './types';

export interface BurnJob {
  version: string;
  startMs: number;
  /** Progress (%) at which this burn fails, or null when it will succeed. */
  failAt: number | null;
  reason: string;
  lastProgress: number;
}

export interface DeviceSlot {
  ref: DeviceRef;
  keys: KeyInfo[];
  /** While nowMs < rebootUntil the device is rebooting after a firmware update. */
  rebootUntil: number;
  pendingVersion: string | null;
  /** Brief 'initialization' after a factory reset. */
  initUntil: number;
  burn: BurnJob | null;
  /** Values at the moment the vehicle went offline, answered by latest() until it is back. */
  frozen: { ts: number; values: Record<string, LiveValue> } | null;
}

export interface MpptState {
  slot: DeviceSlot;
  ratedW: number;
  vmp: number;
  /** What the array could deliver and what the charger actually takes from it (W). */
  availableW: number;
  usedW: number;
  pvV: number;
  chargeA: number;
  yieldWh: number;
  yieldDay: number;
  tempC: number;
  state: DeviceState;
}

export interface DcdcState {
  ratedW: number;
  inputV: number;
  usedW: number;
  tempC: number;
  state: DeviceState;
}

export interface InverterState {
  ratedW: number;
  shore: boolean;
  acLoadW: number;
  shoreW: number;
  batteryW: number;
  tempC: number;
  state: DeviceState;
}

export interface VehicleState {
  id: string;
  spec: SimVehicleSpec;
  profile: KindProfile;
  seed: number;
  regionSeed: number;
  rng: SeededRandom;
  sinLat: number;
  cosLat: number;
  lastMs: number;
  // Environment at lastMs
  sunSine: number;
  irradiance: number;
  cloud: number;
  ambientC: number;
  localHour: number;
  plan: DayPlan;
  occupied: boolean;
  // Driving
  driving: boolean;
  speedKmh: number;
  lat: number;
  lng: number;
  heading: number;
  odometerKm: number;
  tripStartMs: number;
  tripDoneKm: number;
  tripDistanceKm: number;
  point: TripPoint;
  // Electrical
  battery: BatteryState;
  mppts: MpptState[];
  dcdc: DcdcState;
  inv: InverterState;
  dcLoadW: number;
  ac: AirConditionerState;
  tyres: TyreState[];
  tanks: TankState[];
  settings: VehicleSettings;
  uptimeFromMs: number;
  signal: number;
  // Incidents
  scenario: Scenario;
  /** Extra DC draw of an appliance left on (W), the hot spot of a failing cell (°C), a tap left running (L/min). */
  drainW: number;
  hotCellC: number;
  tapLpm: number;
  /** Running the engine to recharge while parked (scenario.engineChargeSoc). */
  engineCharging: boolean;
  /** The UTC hour whose over-the-air update has been handled. */
  updateHour: number;
  events: [HourEvents | null, HourEvents | null];
  /** A fresh start's incidents for this vehicle (set by the simulator, never saved: it follows from the start). */
  opening: VehicleOpening | null;
  /** The supply browns out: the gateway is dark and the chargers and inverter trip on under-voltage. */
  brownout: boolean;
  faultSlot: DeviceSlot | null;
  faultReason: string;
  /** The current fault ends with the unit swapped for a spare. */
  faultReplaced: boolean;
  /** Units swapped since the simulator last looked, whose spare firmware it has to apply. */
  replaced: DeviceSlot[];
  commLost: boolean;
  /** Reporting nothing: comms lost or the gateway rebooting. Updated once per step. */
  offline: boolean;
  // Reporting
  slots: DeviceSlot[];
  core: Record<'system' | 'bms' | 'dcdc' | 'inv' | 'dtu', DeviceSlot>;
  tankSlots: DeviceSlot[];
  faultable: DeviceSlot[];
  versions: Partial<Record<DeviceType, string>>;
  rotation: number;
  lastFrameMs: number;
  live: boolean;
  /** Devices to report on the next tick out of turn (after a setting change). */
  pending: DeviceSlot[];
  alarms: Map<string, SimAlarm>;
  /** Devices with a burn or a reboot under way. */
  firmwareBusy: number;
  forced: VehicleStatus | null;
  lastStatus: VehicleStatus | null;
  lastAlarmCount: number;
  lastStatusMs: number;
  lastStatusSoc: number;
  lastStatusLat: number;
  lastStatusLng: number;
}

const DEFAULT_VERSIONS: Record<DeviceType, string> = {
  system: '2.0.1',
  bms: '1.4.2',
  dcdc: '1.1.0',
  mppt: '1.6.3',
  inv: '3.2.0',
  dtu: '2.3.5',
  watertank: '1.0.4',
};

/** Solar above this is split over two charge controllers (the fleet's device records agree). */
const ONE_MPPT_MAX_W = 400;

function slot(vehicleId: string, deviceType: DeviceType, deviceId: number, keys: KeyInfo[]): DeviceSlot {
  return {
    ref: { vehicleId, deviceType, deviceId },
    keys,
    rebootUntil: 0,
    pendingVersion: null,
    initUntil: 0,
    burn: null,
    frozen: null,
  };
}

/** A vehicle's initial state at nowMs, every draw from its own seed (sim seed + vehicle id). */
export function createVehicleState(spec: SimVehicleSpec, simSeed: number, nowMs: number, scenario: Scenario = SCENARIOS.quiet): VehicleState {
  const seed = hash32(simSeed, hashString(spec.id));
  const rng = mulberry32(seed);
  const profile = KIND_PROFILES[spec.kind];
  const cells = spec.nominalVoltage / 3;
  const latRad = (spec.home.lat * Math.PI) / 180;
  const tyres = createTyres(spec.kind === 'boat' ? 0 : spec.tyres, profile.tyreKpa, 15);
  const airConditioner = spec.airConditioner;
  const weakPack = rng() < scenario.weakPackShare;
  const mismatch = cellMismatch(cells, rng);
  if (weakPack) {
    const weak = Math.floor(rng() * cells);
    mismatch.cellSkew[weak] = 2 + rng();
    mismatch.cellResistance[weak]! *= scenario.weakCellResistance;
  }
  const battery: BatteryState = {
    cells,
    ah: spec.batteryAh,
    soc: 40 + rng() * 55,
    voltage: 0,
    current: 0,
    tempC: 15,
    hotSpotC: 0,
    contactResistance: 0,
    ...mismatch,
    cellMinV: 0,
    cellMaxV: 0,
    throughputAh: spec.batteryAh * 2 * (20 + rng() * 400),
    heating: false,
    disconnected: false,
  };
  battery.voltage = packVoltage(battery, 0);

  const core = {
    system: slot(spec.id, 'system', 0, deviceKeys('system', tyres, airConditioner)),
    bms: slot(spec.id, 'bms', 0, deviceKeys('bms', tyres, airConditioner)),
    dcdc: slot(spec.id, 'dcdc', 0, deviceKeys('dcdc', tyres, airConditioner)),
    inv: slot(spec.id, 'inv', 0, deviceKeys('inv', tyres, airConditioner)),
    dtu: slot(spec.id, 'dtu', 0, deviceKeys('dtu', tyres, airConditioner)),
  };
  const slots: DeviceSlot[] = [core.system, core.bms, core.dcdc];
  const mpptCount = spec.solarW > ONE_MPPT_MAX_W ? 2 : 1;
  const stringVmp = spec.nominalVoltage === 12 ? 36 : spec.nominalVoltage === 24 ? 72 : 110;
  const mppts: MpptState[] = [];
  for (let i = 0; i < mpptCount; i++) {
    const s = slot(spec.id, 'mppt', i, deviceKeys('mppt', tyres, airConditioner));
    slots.push(s);
    mppts.push({
      slot: s,
      ratedW: spec.solarW / mpptCount,
      vmp: stringVmp,
      availableW: 0,
      usedW: 0,
      pvV: 0,
      chargeA: 0,
      yieldWh: 0,
      yieldDay: localDay(nowMs, spec.home.lng),
      tempC: 15,
      state: 'standby',
    });
  }
  slots.push(core.inv, core.dtu);
  const tanks = createTanks(spec.tanks, profile.tankCapacityL, rng);
  const tankSlots = tanks.map((_, i) => slot(spec.id, 'watertank', i, deviceKeys('watertank', tyres, airConditioner)));
  slots.push(...tankSlots);
  const faultable = slots.filter((s) => s.ref.deviceType !== 'system' && s.ref.deviceType !== 'dtu');

  const versions: Partial<Record<DeviceType, string>> = {};
  for (const s of slots) versions[s.ref.deviceType] = spec.versions[s.ref.deviceType] ?? DEFAULT_VERSIONS[s.ref.deviceType];

  const day = localDay(nowMs, spec.home.lng);
  return {
    id: spec.id,
    spec,
    profile,
    seed,
    regionSeed: hash32(simSeed, Math.round(spec.home.lat) * 1000 + Math.round(spec.home.lng)),
    rng,
    sinLat: Math.sin(latRad),
    cosLat: Math.cos(latRad),
    lastMs: nowMs,
    sunSine: 0,
    irradiance: 0,
    cloud: 0,
    ambientC: 15,
    localHour: 0,
    plan: planDay(seed, spec.kind, tyres.length, day, spec.home.lng, scenario),
    occupied: false,
    driving: false,
    speedKmh: 0,
    lat: spec.home.lat,
    lng: spec.home.lng,
    heading: 0,
    odometerKm: Math.round(5000 + rng() * 120_000),
    tripStartMs: -1,
    tripDoneKm: 0,
    tripDistanceKm: 0,
    point: { speedKmh: 0, doneKm: 0, lat: spec.home.lat, lng: spec.home.lng, heading: 0 },
    battery,
    mppts,
    dcdc: { ratedW: Math.round(profile.dcdcW * Math.sqrt(spec.nominalVoltage / 12)), inputV: 0, usedW: 0, tempC: 15, state: 'standby' },
    inv: { ratedW: profile.inverterW, shore: false, acLoadW: 0, shoreW: 0, batteryW: 0, tempC: 15, state: 'inv' },
    dcLoadW: 0,
    ac: { cabinC: 18, powerW: 0, activity: 'off' },
    tyres,
    tanks,
    settings: factorySettings(),
    uptimeFromMs: nowMs - Math.floor(rng() * 30 * 86_400_000),
    signal: 50 + rng() * 45,
    scenario,
    drainW: 0,
    hotCellC: 0,
    tapLpm: 0,
    engineCharging: false,
    updateHour: -1,
    events: [null, null],
    opening: null,
    brownout: false,
    faultSlot: null,
    faultReason: '',
    faultReplaced: false,
    replaced: [],
    commLost: false,
    offline: false,
    slots,
    core,
    tankSlots,
    faultable,
    versions,
    rotation: Math.floor(rng() * slots.length),
    lastFrameMs: -Infinity,
    live: false,
    pending: [],
    alarms: new Map(),
    firmwareBusy: 0,
    forced: null,
    lastStatus: null,
    lastAlarmCount: 0,
    lastStatusMs: -Infinity,
    lastStatusSoc: -1,
    lastStatusLat: spec.home.lat,
    lastStatusLng: spec.home.lng,
  };
}

/** The chargers and the inverter shut down on under-voltage when the vehicle's supply browns out. */
export function tripsOnBrownout(s: DeviceSlot): boolean {
  const type = s.ref.deviceType;
  return type === 'dcdc' || type === 'mppt' || type === 'inv';
}

/** True while the device is down for a firmware reboot. */
export function isRebooting(s: DeviceSlot, nowMs: number): boolean {
  return nowMs < s.rebootUntil;
}
