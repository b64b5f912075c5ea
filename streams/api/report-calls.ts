// A report over many vehicles, computed in batches so the console can show progress and cancel:
// each batch is one call, and the answers are merged into one result.
import type { Static } from '@sinclair/typebox';
import { Observable } from 'rxjs';
import type { PrealarmFleetSchema, PrealarmPreviewSchema, PrealarmSchema, PrealarmVehicleStateSchema } from '../../contract/entities/prealarm';
import type { ReportComputeSchema, ReportResultSchema, ReportSchema, ReportTable } from '../../contract/entities/report';
import type { RestClient } from '../../contract/api/types';
import { REPORT_API } from '../../contract/entities/report';

export type Report = Static<typeof ReportSchema>;
export type ReportResult = Static<typeof ReportResultSchema>;
export type PrealarmFleet = Static<typeof PrealarmFleetSchema>;
export type Prealarm = Static<typeof PrealarmSchema>;
export type PrealarmVehicleState = Static<typeof PrealarmVehicleStateSchema>;
export type PrealarmPreview = Static<typeof PrealarmPreviewSchema>;

const COMPUTE_PATH = `${REPORT_API.base}/query/compute`;
/** Vehicles per call: small enough for steady progress, large enough to keep calls few. */
export const REPORT_BATCH = 25;

export interface ReportRequest {
  reportId: string;
  vehicleIds: readonly string[];
  from: Date;
  to: Date;
  tables: readonly ReportTable[];
}

export interface ReportProgress {
  done: number;
  total: number;
  /** Set once every batch has answered. */
  result: ReportResult | null;
}

/** Adds one batch's answer to the result so far (vehicles are disjoint between batches). */
export function mergeReport(into: ReportResult | null, part: ReportResult): ReportResult {
  if (!into) return part;
  const days = new Map(into.days.map((d) => [d.day, { ...d, energyKwh: { ...d.energyKwh } }]));
  for (const d of part.days) {
    const kept = days.get(d.day);
    if (!kept) {
      days.set(d.day, d);
      continue;
    }
    kept.distanceKm += d.distanceKm;
    kept.socSum += d.socSum;
    kept.socCount += d.socCount;
    for (const source of ['solar', 'dcdc', 'shore', 'consumption'] as const) kept.energyKwh[source] += d.energyKwh[source];
  }
  const alarms = new Map(into.alarms.map((a) => [a.kind, { ...a }]));
  for (const a of part.alarms) {
    const kept = alarms.get(a.kind);
    if (!kept) alarms.set(a.kind, a);
    else {
      kept.count += a.count;
      kept.durationS += a.durationS;
      kept.vehicles += a.vehicles;
    }
  }
  return {
    from: into.from,
    to: into.to,
    vehicles: [...into.vehicles, ...part.vehicles],
    days: [...days.values()].sort((a, b) => a.day - b.day),
    alarms: [...alarms.values()].sort((a, b) => b.count - a.count || a.kind.localeCompare(b.kind)),
    firmware: [...into.firmware, ...part.firmware].sort((a, b) => a.at.localeCompare(b.at)),
  };
}

/**
 * Runs the batches one after another, telling progress after each; unsubscribing cancels (no
 * further batch is asked for, and an answer still on its way is dropped).
 */
export function computeReport$(api: RestClient, request: ReportRequest): Observable<ReportProgress> {
  return new Observable<ReportProgress>((subscriber) => {
    let cancelled = false;
    const total = request.vehicleIds.length;
    void (async () => {
      let result: ReportResult | null = null;
      subscriber.next({ done: 0, total, result: null });
      for (let i = 0; i < total; i += REPORT_BATCH) {
        const vehicleIds = request.vehicleIds.slice(i, i + REPORT_BATCH);
        const body: Static<typeof ReportComputeSchema> = {
          reportId: request.reportId,
          vehicleIds,
          from: request.from.toISOString(),
          to: request.to.toISOString(),
          tables: [...request.tables],
        };
        const part = await api.post<ReportResult>(COMPUTE_PATH, body);
        if (cancelled) return;
        result = mergeReport(result, part);
        const done = Math.min(total, i + vehicleIds.length);
        subscriber.next({ done, total, result: done === total ? result : null });
      }
      subscriber.complete();
    })().catch((error: unknown) => {
      if (!cancelled) subscriber.error(error);
    });
    return () => {
      cancelled = true;
    };
  });
}
