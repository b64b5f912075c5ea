import { updateAirConditioner } from './air-conditioner';
import { ambientTemperature } from './ambient-temperature';
import { chargeAcceptance, integrateBattery, updateProtections } from './battery';
import { cloudCover } from './cloud-cover';
import { localDay, planDay } from './day-plan';
import { tripAt, tripPoint } from './driving';
import { faultReason } from './fault-reasons';
import { hourEvents } from './faults';
import type { HourEvents, PunctureEvent } from './faults';
import { applianceWatts, dcLoadWatts } from './loads';
import { smoothNoise } from './smooth-noise';
import type { PvPoint } from './solar';
import { irradiance, pvMaximumPower } from './solar';
import { sunElevationSine } from './sun-position';
import { updateTanks } from './tanks';
import { updateTyre } from './tyres';
import type { DeviceSlot, VehicleState } from './vehicle-state';
import { isRebooting, tripsOnBrownout } from './vehicle-state';

const HOUR_MS = 3_600_000;
/** Longest integration step; longer gaps are cut into at most MAX_SUBSTEPS equal steps. */
const MAX_SUBSTEP_MS = 60_000;
const MAX_SUBSTEPS = 240;
const DEVICE_TAU_S = 600;
const MPPT_HEADROOM_V = 2;
/** Parked off shore power, the occupants' energy manager keeps the air conditioner off below this soc. */
const AC_ON_BATTERY_MIN_SOC = 50;

const pv: PvPoint = { watts: 0, volts: 0, cellTempC: 0 };

/** Brings a vehicle from its last time to toMs, in bounded sub-steps. */
export function advanceVehicle(v: VehicleState, toMs: number): void {
  const gap = toMs - v.lastMs;
  if (gap <= 0) return;
  const n = Math.min(MAX_SUBSTEPS, Math.ceil(gap / MAX_SUBSTEP_MS));
  const from = v.lastMs;
  for (let i = 1; i <= n; i++) {
    const t = i === n ? toMs : from + (gap * i) / n;
    substep(v, t, (t - v.lastMs) / 1000);
    v.lastMs = t;
  }
}

/** Sets environment, position and incidents for time t and puts every temperature at equilibrium. */
export function settleVehicle(v: VehicleState, t: number): void {
  environment(v, t);
  incidents(v, t);
  drive(v, t);
  v.battery.tempC = v.ambientC;
  v.ac.cabinC = v.ambientC;
  v.dcdc.tempC = v.ambientC;
  v.inv.tempC = v.ambientC;
  for (const m of v.mppts) m.tempC = v.ambientC;
  for (const tyre of v.tyres) tyre.tempC = v.ambientC;
  energy(v, t, 0);
  v.lastMs = t;
}

function substep(v: VehicleState, t: number, dtS: number): void {
  environment(v, t);
  incidents(v, t);
  drive(v, t);
  energy(v, t, dtS);
  for (const tyre of v.tyres) updateTyre(tyre, v.ambientC, v.speedKmh, v.irradiance, dtS);
  tyreService(v, t);
  const useL = v.occupied ? (v.profile.waterLph * dtS * (0.2 + 1.6 * smoothNoise(v.seed ^ 0x165667b1, t / 1_200_000))) / 3600 : 0;
  const waterL = useL + (v.tapLpm * dtS) / 60;
  updateTanks(v.tanks, waterL, depotOpen(v), v.plan.refillBelow, v.plan.dumpAbove, dtS);
}

/** Parked at the depot in its service hours: tanks are refilled and emptied, tyres re-inflated. */
function depotOpen(v: VehicleState): boolean {
  const [from, to] = v.scenario.serviceHours;
  return !v.driving && v.localHour >= from && v.localHour < to;
}

function environment(v: VehicleState, t: number): void {
  const lng = v.spec.home.lng;
  v.sunSine = sunElevationSine(t, v.sinLat, v.cosLat, lng);
  v.cloud = cloudCover(v.regionSeed, v.seed, t);
  v.irradiance = irradiance(v.sunSine, v.cloud);
  const h = (t / HOUR_MS + lng / 15) % 24;
  v.localHour = h < 0 ? h + 24 : h;
  v.ambientC = ambientTemperature(v.regionSeed, v.spec.home.lat, t, v.localHour, v.cloud);
  const day = localDay(t, lng);
  if (v.plan.day !== day) v.plan = planDay(v.seed, v.spec.kind, v.tyres.length, day, lng, v.scenario);
}

function eventsFor(v: VehicleState, hour: number): HourEvents {
  const cached = v.events[0]?.hour === hour ? v.events[0] : v.events[1]?.hour === hour ? v.events[1] : null;
  return cached ?? hourEvents(v.seed, hour, v.faultable.length, v.scenario);
}

/** Device faults and comms outages last under an hour, so this hour's and the last hour's draws suffice. */
function incidents(v: VehicleState, t: number): void {
  const hour = Math.floor(t / HOUR_MS);
  if (v.events[1]?.hour !== hour) v.events = [eventsFor(v, hour - 1), eventsFor(v, hour)];
  let fault: DeviceSlot | null = null;
  let reason = '';
  let replaced = false;
  let comm = false;
  let drainW = 0;
  let hotCellC = 0;
  let tapLpm = 0;
  let puncture: PunctureEvent | null = null;
  let brownout = false;
  const o = v.opening;
  if (o) {
    if (o.brownout && t >= o.brownout.startMs && t < o.brownout.endMs) brownout = comm = true;
    const cell = o.cellOutage;
    if (cell && t >= cell.startMs && t < cell.endMs && distanceKm(v.lat, v.lng, cell.lat, cell.lng) < cell.radiusKm) comm = true;
  }
  for (let i = 0; i < 3; i++) {
    const ev = i < 2 ? v.events[i] : o?.events;
    if (!ev) continue;
    if (ev.drain && t >= ev.drain.startMs && t < ev.drain.endMs) drainW = ev.drain.watts;
    if (ev.hotCell && t >= ev.hotCell.startMs && t < ev.hotCell.endMs) hotCellC = ev.hotCell.riseC;
    if (ev.tap && t >= ev.tap.startMs && t < ev.tap.endMs) tapLpm = ev.tap.lpm;
    if (ev.puncture && t >= ev.puncture.startMs && t < ev.puncture.endMs) puncture = ev.puncture;
    const f = ev.fault;
    if (f && t >= f.startMs && t < f.endMs) {
      fault = v.faultable[f.device % v.faultable.length]!;
      reason = faultReason(fault.ref.deviceType, f.reason);
      replaced = f.replaced === true;
    }
    if (ev.comm && t >= ev.comm.startMs && t < ev.comm.endMs) comm = true;
  }
  if (v.faultSlot && v.faultSlot !== fault && v.faultReplaced) v.replaced.push(v.faultSlot);
  v.faultSlot = fault;
  v.faultReason = reason;
  v.faultReplaced = replaced;
  v.commLost = comm;
  v.brownout = brownout;
  v.drainW = drainW;
  v.hotCellC = hotCellC;
  v.tapLpm = tapLpm;
  if (v.tyres.length > 0) punctures(v, puncture);
}

/** A puncture lets a tyre's air out until it ends, when the tyre is repaired and re-inflated. */
function punctures(v: VehicleState, active: PunctureEvent | null): void {
  const hit = active ? v.tyres[active.tyre % v.tyres.length]! : null;
  for (const tyre of v.tyres) {
    if (tyre === hit && active) {
      if (tyre.punctureSinceMs !== active.startMs) {
        tyre.puncturePerHour = active.lossPerHour;
        tyre.punctureSinceMs = active.startMs;
      }
    } else if (tyre.puncturePerHour > 0) {
      tyre.puncturePerHour = 0;
      tyre.air = 1;
    }
  }
}

function drive(v: VehicleState, t: number): void {
  const trip = tripAt(v.plan.trips, t);
  if (trip && v.tripStartMs !== trip.startMs) {
    v.odometerKm += v.tripDistanceKm - v.tripDoneKm;
    v.tripStartMs = trip.startMs;
    v.tripDistanceKm = trip.distanceKm;
    v.tripDoneKm = 0;
  }
  if (trip) {
    const p = tripPoint(trip, t, v.spec.home.lat, v.spec.home.lng, v.cosLat, v.point);
    v.odometerKm += p.doneKm - v.tripDoneKm;
    v.tripDoneKm = p.doneKm;
    v.speedKmh = p.speedKmh;
    v.lat = p.lat;
    v.lng = p.lng;
    v.heading = p.heading;
    v.driving = true;
  } else {
    if (v.tripStartMs >= 0) {
      v.odometerKm += v.tripDistanceKm - v.tripDoneKm;
      v.tripStartMs = -1;
      v.tripDistanceKm = 0;
      v.tripDoneKm = 0;
    }
    v.speedKmh = 0;
    v.lat = v.spec.home.lat;
    v.lng = v.spec.home.lng;
    v.driving = false;
  }
  const h = v.localHour;
  v.occupied = v.driving || (v.plan.occupied && h >= 7 && h < 23);
}

/** Great-circle distance, near enough at a few km. */
function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const dy = (lat2 - lat1) * 111.2;
  const dx = (lng2 - lng1) * 111.2 * Math.cos(((lat1 + lat2) * Math.PI) / 360);
  return Math.hypot(dx, dy);
}

function down(v: VehicleState, s: DeviceSlot, t: number): boolean {
  return v.faultSlot === s || (v.brownout && tripsOnBrownout(s)) || isRebooting(s, t);
}

function relax(current: number, target: number, dtS: number, tauS: number): number {
  return current + (target - current) * (1 - Math.exp(-dtS / tauS));
}

/**
 * The power balance of one sub-step. Loads are served first; chargers (solar, alternator DC-DC,
 * shore) offer what they can and are curtailed together when the battery accepts less than the
 * surplus, the way chargers regulating to one bus voltage share out. The battery takes the rest.
 */
function energy(v: VehicleState, t: number, dtS: number): void {
  const b = v.battery;
  const p = v.profile;
  const s = v.settings;
  const vbat = b.voltage;
  const { bms: bmsSlot, dcdc: dcdcSlot, inv: invSlot } = v.core;

  let solarW = 0;
  for (const m of v.mppts) {
    pvMaximumPower(m.ratedW, m.vmp, v.irradiance, v.ambientC, pv);
    m.pvV = pv.volts;
    m.availableW = down(v, m.slot, t) || pv.volts < vbat + MPPT_HEADROOM_V ? 0 : pv.watts;
    solarW += m.availableW;
  }
  const inv = v.inv;
  inv.shore = v.plan.shore && !v.driving && (v.localHour >= 18 || v.localHour < 7);
  const [engineBelow, engineUntil] = v.scenario.engineChargeSoc;
  v.engineCharging = !v.driving && !inv.shore && b.soc < (v.engineCharging ? engineUntil : engineBelow);
  const engineOn = v.driving || v.engineCharging;
  const dcdcUp = !down(v, dcdcSlot, t);
  const alternatorV = v.spec.nominalVoltage === 24 ? 28.2 : 14.1;
  v.dcdc.inputV = engineOn ? alternatorV : alternatorV * 0.9;
  const dcdcW = engineOn && dcdcUp ? v.dcdc.ratedW : 0;

  const invUp = !down(v, invSlot, t);
  const outputOn = invUp && s.inv.acOutput === 1 && (!b.disconnected || inv.shore);
  const dark = v.sunSine < 0.05;
  const dcOn = s.system.dcLoads === 1 && !b.disconnected;
  v.dcLoadW = dcLoadWatts(p, v.seed, t, v.ac.cabinC, v.occupied, dark, dcOn) + (dcOn ? v.drainW : 0);

  // The BMS allows at most 1 C of discharge: the inverter can only deliver what that, the chargers
  // and shore power leave after the DC loads.
  const invCapacityW = Math.min(inv.ratedW, Math.max(0, 0.9 * (b.ah * vbat + solarW + dcdcW - v.dcLoadW))) + (inv.shore ? p.shoreLimitW : 0);
  const solarGainC = v.driving ? 2 : (9 * v.irradiance) / 1000;
  updateAirConditioner(
    v.ac,
    v.spec.airConditioner ? s.system.acMode : 'off',
    s.system.acSetpoint,
    v.ambientC,
    solarGainC,
    p.cabinUa,
    Math.min(p.acMaxW, invCapacityW),
    outputOn,
    v.occupied && (inv.shore || v.driving || b.soc > AC_ON_BATTERY_MIN_SOC),
    dtS,
  );
  const acLoad = outputOn ? Math.min(invCapacityW, v.ac.powerW + applianceWatts(p, v.seed, t, v.occupied)) : 0;
  const shoreAc = inv.shore ? Math.min(acLoad, p.shoreLimitW) : 0;
  const assistW = acLoad - shoreAc;
  const chargerW = inv.shore && invUp ? Math.min(0.25 * b.ah * vbat, p.shoreLimitW - shoreAc) : 0;
  const idleW = outputOn && !inv.shore ? 0.008 * inv.ratedW : 0;
  const invBatteryW = assistW / 0.9 + idleW;

  const sources = solarW + dcdcW + chargerW;
  updateProtections(b, sources > 20);
  const heaterW = b.heating ? Math.min(0.04 * b.ah * v.spec.nominalVoltage, Math.max(0, sources - v.dcLoadW - invBatteryW)) : 0;
  const loads = v.dcLoadW + invBatteryW + heaterW;
  const acceptW = isRebooting(bmsSlot, t) ? 0 : chargeAcceptance(b, s.bms.chargeLimit) * vbat;
  const scale = sources > loads + acceptW ? (loads + acceptW) / sources : 1;
  const current = (sources * scale - loads) / vbat;

  const cabinShare = v.ambientC + 0.4 * (v.ac.cabinC - v.ambientC);
  integrateBattery(b, current, cabinShare, heaterW, v.hotCellC, dtS);

  const day = localDay(t, v.spec.home.lng);
  for (const m of v.mppts) {
    m.usedW = m.availableW * scale;
    m.chargeA = m.usedW / b.voltage;
    if (m.yieldDay !== day) {
      m.yieldDay = day;
      m.yieldWh = 0;
    }
    m.yieldWh += (m.usedW * dtS) / 3600;
    m.tempC = relax(m.tempC, v.ambientC + 3 + (20 * m.usedW) / Math.max(m.ratedW, 1), dtS, DEVICE_TAU_S);
    m.state = down(v, m.slot, t) && !isRebooting(m.slot, t) ? 'fault' : m.usedW > 1 ? 'charging' : m.pvV > 0 ? 'await' : 'standby';
  }

  const dcdc = v.dcdc;
  dcdc.usedW = dcdcW * scale;
  dcdc.tempC = relax(dcdc.tempC, v.ambientC + 2 + (30 * dcdc.usedW) / dcdc.ratedW, dtS, DEVICE_TAU_S);
  const justStarted = v.tripStartMs >= 0 && t - v.tripStartMs < 15_000;
  dcdc.state = !dcdcUp && !isRebooting(dcdcSlot, t) ? 'fault' : !engineOn ? 'standby' : justStarted ? 'pre charging' : dcdc.usedW > 1 ? 'charging' : 'standby';

  inv.acLoadW = acLoad;
  inv.shoreW = inv.shore ? shoreAc + chargerW * scale : 0;
  inv.batteryW = invBatteryW;
  inv.tempC = relax(inv.tempC, v.ambientC + (invUp ? 4 : 0) + (30 * acLoad) / inv.ratedW, dtS, DEVICE_TAU_S);
  if (!invUp && !isRebooting(invSlot, t)) inv.state = 'fault';
  else if (inv.shore) inv.state = assistW > 0 ? 'assist' : chargerW * scale > 5 ? 'electric supply' : 'bypass';
  else inv.state = outputOn ? 'inv' : 'standby';
}

/** A leak starts when the day's plan says so; the depot re-inflates a leaking tyre after six hours. */
function tyreService(v: VehicleState, t: number): void {
  const leak = v.plan.leak;
  if (leak && t >= leak.startMs) {
    const tyre = v.tyres[leak.tyre];
    if (tyre && tyre.leakSinceMs !== leak.startMs) {
      tyre.leakPerHour = leak.ratePerHour;
      tyre.leakSinceMs = leak.startMs;
    }
  }
  if (!depotOpen(v)) return;
  for (const tyre of v.tyres) {
    if (tyre.leakPerHour > 0 && t - tyre.leakSinceMs > 6 * HOUR_MS) {
      tyre.leakPerHour = 0;
      tyre.air = 1;
    }
  }
}
