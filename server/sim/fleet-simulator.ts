import type { DeviceRef, ValuesFrame, VehicleStatus, VehicleStatusFrame } from '../../contract/protocol/types';
import { clearAlarm, evaluateAlarms, raiseAlarm } from './alarms';
import { deviceLabel } from './device-label';
import { deviceValues } from './device-values';
import { openingEvents } from './faults';
import type { TimedEvent, VehicleOpening } from './faults';
import { advanceFirmware, startBurn } from './firmware';
import type { FirmwareTiming } from './firmware';
import { dueUpdate, fitSpares } from './rollout';
import { SCENARIOS } from './scenario';
import { applySetting } from './settings';
import type { CommandResult, FleetSimulator, SimAlarmEvent, SimFrame, SimOptions, WarmUp } from './types';
import { advanceVehicle, settleVehicle } from './vehicle-physics';
import type { DeviceSlot, VehicleState } from './vehicle-state';
import { createVehicleState, isRebooting } from './vehicle-state';
import { restoreVehicle, saveVehicle } from './vehicle-snapshot';

/** A vehicle whose soc or position changed reports its status at most this often. */
const STATUS_EVERY_MS = 5_000;
/** About 50 m. */
const MOVED_DEG = 0.0005;
const BATTERY_LOADS_MSG = 'Disconnect AC and DC loads before updating the battery firmware';

const refuse = (msg: string): CommandResult => ({ ok: false, msg });

/**
 * The fleet model the server drives: deterministic for a seed and a sequence of step times. Each
 * step every vehicle reports one device (rotating through them, like a gateway polling its bus), or
 * all of them when it is live, plus a status frame when its status or alarm count changes and at
 * most every five seconds while its soc or position moves.
 */
export function createFleetSimulator(opts: SimOptions): FleetSimulator {
  const timing: FirmwareTiming = {
    burnMs: opts.firmwareBurnMs ?? 60_000,
    rebootMs: opts.firmwareRebootMs ?? 180_000,
    failureRate: opts.firmwareFailureRate ?? 0.1,
  };
  // Half a tick: a step called early (or twice for the same time) does not double a vehicle's output.
  const minFrameGapMs = opts.hz > 0 ? 500 / opts.hz : 0;
  const vehicles = new Map<string, VehicleState>();
  const frameListeners = new Set<(frame: SimFrame) => void>();
  const alarmListeners = new Set<(event: SimAlarmEvent) => void>();
  const scenario = SCENARIOS[opts.scenario ?? 'quiet'];
  /** While a vehicle warms up, its frames and alarm events are history, not news: nothing is emitted. */
  let muted = false;

  /** Test hook: vehicles whose gateway sends nothing. */
  const silenced = new Set<string>();
  const emit = (frame: SimFrame): void => {
    if (muted || silenced.has(frame.data.vehicleId)) return;
    for (const l of frameListeners) l(frame);
  };
  const alarmSink = (event: SimAlarmEvent): void => {
    if (muted) return;
    for (const l of alarmListeners) l(event);
  };

  function findSlot(ref: DeviceRef): { v: VehicleState; slot: DeviceSlot } | null {
    const v = vehicles.get(ref.vehicleId);
    if (!v) return null;
    const slot = v.slots.find((s) => s.ref.deviceType === ref.deviceType && s.ref.deviceId === ref.deviceId);
    return slot ? { v, slot } : null;
  }

  function statusOf(v: VehicleState): VehicleStatus {
    if (v.forced) return v.forced;
    if (v.offline) return 'offline';
    return v.alarms.size > 0 ? 'alarm' : 'normal';
  }

  function statusData(v: VehicleState, ts: number): VehicleStatusFrame['data'] {
    return {
      vehicleId: v.id,
      status: statusOf(v),
      ts,
      alarms: v.alarms.size,
      soc: Math.round(v.battery.soc * 10) / 10,
      lat: Math.round(v.lat * 1e5) / 1e5,
      lng: Math.round(v.lng * 1e5) / 1e5,
    };
  }

  function emitStatus(v: VehicleState, ts: number): void {
    const data = statusData(v, ts);
    v.lastStatus = data.status;
    v.lastAlarmCount = v.alarms.size;
    v.lastStatusMs = ts;
    v.lastStatusSoc = Math.round(v.battery.soc);
    v.lastStatusLat = v.lat;
    v.lastStatusLng = v.lng;
    emit({ cmd: 19, data });
  }

  function emitValues(v: VehicleState, slot: DeviceSlot, ts: number): void {
    const { vehicleId, deviceType, deviceId } = slot.ref;
    emit({ cmd: 1, data: { vehicleId, deviceType, deviceId, ts, values: deviceValues(v, slot, ts) } });
  }

  function emitVersion(v: VehicleState, slot: DeviceSlot): void {
    const { vehicleId, deviceType, deviceId } = slot.ref;
    emit({ cmd: 97, data: { vehicleId, deviceType, deviceId, version: v.versions[deviceType] ?? '' } });
  }

  /** Offline transitions: freeze what latest() answers, and raise or clear comm_lost. */
  function updateOffline(v: VehicleState, nowMs: number): void {
    const offline = v.commLost || isRebooting(v.core.dtu, nowMs);
    if (offline !== v.offline) {
      v.offline = offline;
      for (const slot of v.slots) slot.frozen = offline ? { ts: nowMs, values: deviceValues(v, slot, nowMs) } : null;
    }
    if (v.commLost) raiseAlarm(v, 'comm_lost', v.core.dtu.ref, 'major', 'Telemetry gateway lost contact', nowMs, alarmSink);
    else clearAlarm(v, 'comm_lost', v.core.dtu.ref, nowMs, alarmSink);
  }

  function report(v: VehicleState, nowMs: number): void {
    if (!v.offline) {
      for (const slot of v.pending) if (!v.live) emitValues(v, slot, nowMs);
      v.pending.length = 0;
      if (nowMs - v.lastFrameMs >= minFrameGapMs) {
        v.lastFrameMs = nowMs;
        if (v.live) for (const slot of v.slots) emitValues(v, slot, nowMs);
        else {
          emitValues(v, v.slots[v.rotation]!, nowMs);
          v.rotation = (v.rotation + 1) % v.slots.length;
        }
      }
    }
    if (statusOf(v) !== v.lastStatus || v.alarms.size !== v.lastAlarmCount) emitStatus(v, nowMs);
    else if (
      !v.offline &&
      nowMs - v.lastStatusMs >= STATUS_EVERY_MS &&
      (Math.round(v.battery.soc) !== v.lastStatusSoc || Math.abs(v.lat - v.lastStatusLat) + Math.abs(v.lng - v.lastStatusLng) > MOVED_DEG)
    )
      emitStatus(v, nowMs);
  }

  /** What latest() answers: the values frozen when the vehicle went offline, else the current ones. */
  function latestOf(v: VehicleState, slot: DeviceSlot): ValuesFrame['data'] {
    const { vehicleId, deviceType, deviceId } = slot.ref;
    if (slot.frozen) return { vehicleId, deviceType, deviceId, ts: slot.frozen.ts, values: { ...slot.frozen.values } };
    return { vehicleId, deviceType, deviceId, ts: v.lastMs, values: deviceValues(v, slot, v.lastMs) };
  }

  function beginBurn(v: VehicleState, slot: DeviceSlot, version: string, nowMs: number): void {
    startBurn(v, slot, version, nowMs, timing.failureRate);
    emit({ cmd: 149, data: { ...slot.ref, state: 'updating', progress: 0 } });
  }

  /** One step of one vehicle's model: physics, rollout, firmware, connectivity and alarms. */
  function advance(v: VehicleState, nowMs: number): void {
    advanceVehicle(v, nowMs);
    if (v.replaced.length > 0) {
      if (opts.rollout) fitSpares(v, opts.rollout, (slot) => emitVersion(v, slot));
      else v.replaced.length = 0;
    }
    const due = opts.rollout ? dueUpdate(v, nowMs, opts.rollout) : null;
    if (due) beginBurn(v, due.slot, due.version, nowMs);
    if (v.firmwareBusy > 0) {
      advanceFirmware(
        v,
        nowMs,
        timing,
        (ref, state, progress, msg) => emit({ cmd: 149, data: msg ? { ...ref, state, progress, msg } : { ...ref, state, progress } }),
        (slot) => emitVersion(v, slot),
      );
    }
    // A gateway losing its supply sends a last report, with the chargers tripping on the same dip.
    if (v.brownout && !v.offline) evaluateAlarms(v, nowMs, alarmSink);
    updateOffline(v, nowMs);
    if (!v.offline) evaluateAlarms(v, nowMs, alarmSink);
  }

  /** The opening's incidents for this vehicle, when the model was started with one. */
  function openingOf(v: VehicleState): VehicleOpening | null {
    const o = opts.opening;
    const s = scenario.opening;
    if (!o || !s) return null;
    const at = (e: { afterMs: number; forMs: number }): TimedEvent => ({ startMs: o.fromMs + e.afterMs, endMs: o.fromMs + e.afterMs + e.forMs });
    return {
      events: openingEvents(v.seed, o.fromMs, v.faultable.length, scenario),
      brownout: o.brownoutVehicleIds.includes(v.id) ? at(s.brownout) : null,
      cellOutage: o.cellSite ? { ...at(s.cellOutage), ...o.cellSite } : null,
    };
  }

  function warmUp(v: VehicleState, nowMs: number, w: WarmUp): void {
    muted = true;
    try {
      updateOffline(v, v.lastMs);
      for (let t = w.fromMs + w.stepMs; t <= nowMs; t += w.stepMs) {
        advance(v, t);
        if (w.onValues) for (const slot of v.slots) w.onValues(t, latestOf(v, slot));
      }
    } finally {
      muted = false;
    }
  }

  function remove(vehicleId: string): void {
    const v = vehicles.get(vehicleId);
    if (!v) return;
    vehicles.delete(vehicleId);
    for (const alarm of v.alarms.values()) alarmSink({ type: 'cleared', alarm, ts: v.lastMs });
  }

  /** A vehicle joins the fleet: its key lists and versions, and the alarms it already has, are news to the listeners. */
  function join(v: VehicleState, joinMs: number): void {
    vehicles.set(v.id, v);
    for (const slot of v.slots) emit({ cmd: 144, data: { ...slot.ref, keys: [...slot.keys] } });
    for (const slot of v.slots) emitVersion(v, slot);
    for (const alarm of v.alarms.values()) alarmSink({ type: 'raised', alarm, ts: joinMs });
    updateOffline(v, joinMs);
    if (!v.offline) evaluateAlarms(v, joinMs, alarmSink);
  }

  return {
    add(spec, nowMs, w) {
      remove(spec.id);
      const startMs = w ? w.fromMs : nowMs;
      const v = createVehicleState(spec, opts.seed, startMs, scenario);
      v.opening = openingOf(v);
      settleVehicle(v, startMs);
      if (w) warmUp(v, nowMs, w);
      join(v, v.lastMs);
      emitStatus(v, v.lastMs);
    },

    resume(spec, saved, nowMs) {
      let v: VehicleState;
      try {
        v = restoreVehicle(spec, saved, opts.seed, scenario);
        // The opening belongs to the start that began it: a vehicle saved before it began was
        // saved by an earlier start, and a restart goes on from it without opening again.
        v.opening = opts.opening && v.lastMs >= opts.opening.fromMs ? openingOf(v) : null;
      } catch {
        return false;
      }
      remove(spec.id);
      join(v, v.lastMs);
      // The vehicle lived on while the server was down: its physics runs over the gap (in the usual
      // bounded sub-steps), so the charge, tanks and alarms are where they would have been had the
      // server kept running, and the history only lacks the samples of the gap.
      advance(v, nowMs);
      emitStatus(v, v.lastMs);
      return true;
    },

    *save() {
      for (const v of vehicles.values()) yield saveVehicle(v);
    },

    remove,

    has: (vehicleId) => vehicles.has(vehicleId),

    step(nowMs) {
      for (const v of vehicles.values()) {
        advance(v, nowMs);
        report(v, nowMs);
      }
    },

    onFrame(listener) {
      frameListeners.add(listener);
      return () => frameListeners.delete(listener);
    },

    onAlarm(listener) {
      alarmListeners.add(listener);
      return () => alarmListeners.delete(listener);
    },

    setLive(vehicleId, live) {
      const v = vehicles.get(vehicleId);
      if (v) v.live = live;
    },

    devices(vehicleId) {
      const v = vehicles.get(vehicleId);
      return v ? v.slots.map((s) => ({ deviceType: s.ref.deviceType, deviceId: s.ref.deviceId })) : [];
    },

    keys(ref) {
      const found = findSlot(ref);
      return found ? [...found.slot.keys] : null;
    },

    latest(ref) {
      const found = findSlot(ref);
      if (!found) return null;
      return latestOf(found.v, found.slot);
    },

    status(vehicleId) {
      const v = vehicles.get(vehicleId);
      return v ? statusData(v, v.lastMs) : null;
    },

    versions(vehicleId) {
      const v = vehicles.get(vehicleId);
      return v ? { ...v.versions } : {};
    },

    activeAlarms(vehicleId) {
      const v = vehicles.get(vehicleId);
      return v ? [...v.alarms.values()] : [];
    },

    writeSetting(ref, setting, value, nowMs) {
      const found = findSlot(ref);
      if (!found) return refuse('Unknown vehicle or device');
      const { v, slot } = found;
      const label = deviceLabel(ref.deviceType, ref.deviceId);
      if (v.offline) return refuse('Vehicle is offline');
      if (isRebooting(slot, nowMs)) return refuse(`${label} is offline while it restarts after a firmware update`);
      if (slot.burn) return refuse(`${label} is updating its firmware`);
      const result = applySetting(v, slot, setting, value, nowMs);
      if (result.ok && !v.pending.includes(slot)) v.pending.push(slot);
      return result;
    },

    startFirmwareUpdate(ref, version, nowMs) {
      const found = findSlot(ref);
      if (!found) return refuse('Unknown vehicle or device');
      const { v, slot } = found;
      const label = deviceLabel(ref.deviceType, ref.deviceId);
      if (version.trim() === '') return refuse('A firmware version is required');
      if (v.offline) return refuse('Vehicle is offline');
      if (isRebooting(slot, nowMs)) return refuse(`${label} is offline while it restarts after a firmware update`);
      if (slot.burn) return refuse(`A firmware update is already in progress on the ${label}`);
      if (ref.deviceType === 'bms' && (v.settings.inv.acOutput === 1 || v.settings.system.dcLoads === 1)) return refuse(BATTERY_LOADS_MSG);
      beginBurn(v, slot, version.trim(), nowMs);
      return { ok: true };
    },

    forceStatus(vehicleId, status, nowMs) {
      const v = vehicles.get(vehicleId);
      if (!v) return;
      v.forced = status;
      emitStatus(v, nowMs);
    },

    silence(vehicleId, silent, nowMs) {
      const v = vehicles.get(vehicleId);
      if (!v) return;
      if (silent) silenced.add(vehicleId);
      else if (silenced.delete(vehicleId)) emitStatus(v, nowMs);
    },
  };
}
