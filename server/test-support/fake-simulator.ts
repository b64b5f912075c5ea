import type { DeviceRef, DeviceType, KeyInfo, VehicleStatus } from '../../contract/protocol/types';
import type { FleetSimulator, SimAlarm, SimAlarmEvent, SimFrame, SimVehicleSpec } from '../sim/types';
import type { SavedVehicle } from '../sim/vehicle-snapshot';

const KEYS: KeyInfo[] = [
  { key: 'soc', label: 'SOC', unit: '%', kind: 'number' },
  { key: 'voltage', label: 'Voltage', unit: 'V', kind: 'number' },
];

/**
 * A tiny stand-in for the fleet model: each step emits one status and one system values frame per
 * vehicle, and records what the server asked of it. Alarms are raised by `raise()`.
 */
export class FakeSimulator implements FleetSimulator {
  readonly specs = new Map<string, SimVehicleSpec>();
  readonly live = new Set<string>();
  readonly forced = new Map<string, VehicleStatus>();
  readonly settings: Array<{ ref: DeviceRef; setting: string; value: number | string }> = [];
  readonly firmware: Array<{ ref: DeviceRef; version: string }> = [];
  readonly alarms = new Map<string, SimAlarm[]>();
  /** Vehicles whose setting writes are refused, with the reason. */
  readonly refusals = new Map<string, string>();
  readonly silenced = new Set<string>();
  private readonly frameListeners = new Set<(f: SimFrame) => void>();
  private readonly alarmListeners = new Set<(e: SimAlarmEvent) => void>();
  private lastTs = 0;

  add(spec: SimVehicleSpec): void {
    this.specs.set(spec.id, spec);
  }
  /** Keeps nothing to resume: every vehicle starts afresh. */
  resume(): boolean {
    return false;
  }
  save(): SavedVehicle[] {
    return [];
  }
  remove(id: string): void {
    this.specs.delete(id);
  }
  has(id: string): boolean {
    return this.specs.has(id);
  }
  step(nowMs: number): void {
    this.lastTs = nowMs;
    for (const id of this.specs.keys()) {
      const status = this.status(id);
      if (status) this.emit({ cmd: 19, data: status });
      this.emit({ cmd: 1, data: { vehicleId: id, deviceType: 'system', deviceId: 0, ts: nowMs, values: this.values(id) } });
    }
  }
  emit(frame: SimFrame): void {
    if (this.silenced.has(frame.data.vehicleId)) return;
    for (const l of this.frameListeners) l(frame);
  }
  raise(event: SimAlarmEvent): void {
    const list = this.alarms.get(event.alarm.vehicleId) ?? [];
    this.alarms.set(event.alarm.vehicleId, event.type === 'raised' ? [...list, event.alarm] : list.filter((a) => a.kind !== event.alarm.kind));
    for (const l of this.alarmListeners) l(event);
  }
  onFrame(listener: (f: SimFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }
  onAlarm(listener: (e: SimAlarmEvent) => void): () => void {
    this.alarmListeners.add(listener);
    return () => this.alarmListeners.delete(listener);
  }
  setLive(id: string, live: boolean): void {
    if (live) this.live.add(id);
    else this.live.delete(id);
  }
  devices(id: string): Array<{ deviceType: DeviceType; deviceId: number }> {
    return this.specs.has(id)
      ? [
          { deviceType: 'system', deviceId: 0 },
          { deviceType: 'bms', deviceId: 0 },
        ]
      : [];
  }
  keys(ref: DeviceRef): KeyInfo[] | null {
    return this.devices(ref.vehicleId).some((d) => d.deviceType === ref.deviceType && d.deviceId === ref.deviceId) ? KEYS : null;
  }
  latest(ref: DeviceRef) {
    if (!this.keys(ref)) return null;
    return { ...ref, ts: this.lastTs, values: this.values(ref.vehicleId) };
  }
  status(id: string) {
    const spec = this.specs.get(id);
    if (!spec) return null;
    const active = this.alarms.get(id)?.length ?? 0;
    const status: VehicleStatus = this.forced.get(id) ?? (active > 0 ? 'alarm' : 'normal');
    return { vehicleId: id, status, ts: this.lastTs, alarms: active, soc: 80, lat: spec.home.lat, lng: spec.home.lng };
  }
  versions(id: string) {
    return this.specs.get(id)?.versions ?? {};
  }
  activeAlarms(id: string): SimAlarm[] {
    return this.alarms.get(id) ?? [];
  }
  writeSetting(ref: DeviceRef, setting: string, value: number | string) {
    const refused = this.refusals.get(ref.vehicleId);
    if (refused) return { ok: false, msg: refused };
    this.settings.push({ ref, setting, value });
    return { ok: true };
  }
  startFirmwareUpdate(ref: DeviceRef, version: string) {
    this.firmware.push({ ref, version });
    return ref.deviceType === 'bms' ? { ok: false, msg: 'Disconnect AC and DC loads first' } : { ok: true };
  }
  forceStatus(id: string, status: VehicleStatus | null, nowMs: number): void {
    if (status === null) this.forced.delete(id);
    else this.forced.set(id, status);
    const s = this.status(id);
    if (s) this.emit({ cmd: 19, data: { ...s, ts: nowMs } });
  }
  silence(id: string, silent: boolean, nowMs: number): void {
    if (silent) this.silenced.add(id);
    else this.silenced.delete(id);
    const s = this.status(id);
    if (!silent && s) this.emit({ cmd: 19, data: { ...s, ts: nowMs } });
  }
  private values(id: string) {
    return { soc: 80, voltage: this.specs.get(id)?.nominalVoltage ?? 12 };
  }
}
