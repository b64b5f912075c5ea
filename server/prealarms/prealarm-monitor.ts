// Evaluates every pre-alarm rule against the live values, keeping each rule's pending and firing
// vehicles in storage (a restart picks them up where they were) and raising or clearing the
// rule's alarm when it fires or resolves.
import { PREALARM_KEYS, type PrealarmKey, readingsOf } from '../../contract/api/prealarm-keys';
import type { LiveFleet } from '../fleet/live-fleet';
import type { VehicleDirectory } from '../fleet/vehicle-directory';
import type { AlarmEventInput } from '../modules/alarms/alarm-store';
import type { FleetRepository } from '../platform/database/fleet-repository';
import type { PrealarmRecord, PrealarmStateRecord } from '../modules/prealarms/prealarm-store';
import { prealarmKind } from './prealarm-kind';
import { type PrealarmCondition, stepPrealarm } from './prealarm-step';

export interface PrealarmMonitorDeps {
  repo: FleetRepository;
  live: Pick<LiveFleet, 'latest' | 'devices'>;
  directory: Pick<VehicleDirectory, 'all'>;
  now: () => number;
  /** Called after each evaluation (the live status follows what fires at once on this node). */
  evaluated?: () => Promise<void>;
}

export const keyOf = (rule: Pick<PrealarmRecord, 'deviceKey'>): PrealarmKey | undefined => (PREALARM_KEYS as Record<string, PrealarmKey>)[rule.deviceKey];

export const conditionOf = (rule: PrealarmRecord, key: PrealarmKey): PrealarmCondition => ({
  logic: rule.logic,
  value: rule.value,
  triggerHours: rule.triggerHours,
  combine: key.combine,
  hysteresis: key.hysteresis,
});

/** The vehicles a rule watches: its assigned ones, or every vehicle of its fleet or sub-fleet. */
export const targetsOf = (rule: PrealarmRecord, placements: Iterable<{ id: string; fleetId: string; subFleetId: string | null }>): string[] => {
  const out: string[] = [];
  for (const p of placements) {
    if (p.fleetId !== rule.fleetId || (rule.subFleetId !== null && p.subFleetId !== rule.subFleetId)) continue;
    if (rule.vehicleIds.length > 0 && !rule.vehicleIds.includes(p.id)) continue;
    out.push(p.id);
  }
  return out;
};

/** The alarm a rule raises on a vehicle, or clears. */
export const prealarmAlarm = (rule: PrealarmRecord, vehicleId: string, type: 'raised' | 'cleared', ts: number): AlarmEventInput => ({
  type,
  vehicleId,
  deviceType: keyOf(rule)?.deviceType ?? 'system',
  deviceId: 0,
  kind: prealarmKind(rule.id),
  severity: 'minor',
  message: rule.message || rule.name,
  ts,
});

export function createPrealarmMonitor(deps: PrealarmMonitorDeps) {
  const { repo, live, directory, now, evaluated } = deps;
  const readings = (vehicleId: string, key: PrealarmKey): number[] =>
    live.devices(vehicleId).flatMap((d) => {
      if (d.deviceType !== key.deviceType) return [];
      const latest = live.latest({ vehicleId, ...d });
      return latest ? readingsOf(key, latest.values) : [];
    });

  let running: Promise<void> | null = null;
  const evaluate = async (): Promise<void> => {
    const at = now();
    const rules = await repo.prealarms.all();
    const known = new Map<string, PrealarmStateRecord>();
    for (const s of await repo.prealarms.states()) known.set(`${s.prealarmId}\n${s.vehicleId}`, s);
    const placements = [...directory.all()];
    const alarms: AlarmEventInput[] = [];
    for (const rule of rules) {
      const key = keyOf(rule);
      if (!key) continue;
      const condition = conditionOf(rule, key);
      for (const vehicleId of targetsOf(rule, placements)) {
        const id = `${rule.id}\n${vehicleId}`;
        const state = known.get(id) ?? null;
        known.delete(id);
        const { next, event } = stepPrealarm(condition, state, readings(vehicleId, key), at);
        if (event) alarms.push(prealarmAlarm(rule, vehicleId, event === 'fire' ? 'raised' : 'cleared', at));
        if (next === state) continue;
        if (next) await repo.prealarms.putState({ prealarmId: rule.id, vehicleId, ...next });
        else await repo.prealarms.dropState(rule.id, vehicleId);
      }
    }
    // Vehicles no longer watched (rule narrowed, vehicle moved): forgotten, their alarm cleared.
    const byId = new Map(rules.map((r) => [r.id, r]));
    for (const s of known.values()) {
      const rule = byId.get(s.prealarmId);
      if (rule && s.state === 'firing') alarms.push(prealarmAlarm(rule, s.vehicleId, 'cleared', at));
      await repo.prealarms.dropState(s.prealarmId, s.vehicleId);
    }
    await repo.alarms.record(alarms);
    await evaluated?.();
  };

  return {
    /** One evaluation of every rule; calls made while one runs wait for it instead of overlapping. */
    tick: (): Promise<void> => {
      running ??= evaluate().finally(() => {
        running = null;
      });
      return running;
    },
    /** Evaluates every `everyMs` while `leads()` (one node of a cluster does it). Returns a stop function. */
    start(everyMs: number, leads: () => boolean): () => void {
      const timer = setInterval(() => {
        if (leads()) void this.tick().catch(() => undefined);
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type PrealarmMonitor = ReturnType<typeof createPrealarmMonitor>;
