// Keeps the rollups of every vehicle's history: hours marked as samples arrive are summarised
// (hour-summary.ts) once they are over, a vehicle's run of consecutive hours per read, and each day
// is folded from its hours again whenever one of them changes.
import { turnTaker } from '../fleet/turn-taker';
import type { FleetRepository, RollupMark } from '../platform/database/fleet-repository';
import { DAY_MS, dayOf, foldHours, HOUR_MS, type HourSummary, isSummaryKey, packHour, SUMMARY_DEVICE_TYPES, summariseHours, unpackHour } from './hour-summary';

/** Marks handled per round (one write). */
const MARKS_PER_ROUND = 500;
/** Hours read at once: a day of one vehicle's samples is a few tens of thousands. */
const HOURS_PER_READ = 24;

/** Consecutive marked hours of one vehicle, up to HOURS_PER_READ. */
const runsOf = (marks: readonly RollupMark[]): RollupMark[][] => {
  const runs: RollupMark[][] = [];
  for (const m of marks) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.vehicleId === m.vehicleId && last.hour + HOUR_MS === m.hour && run.length < HOURS_PER_READ) run.push(m);
    else runs.push([m]);
  }
  return runs;
};

/**
 * Builds the rollups of the marked hours that start before `beforeMs`; returns how many hours it
 * built. The event loop gets a turn between reads, so requests wait for one read at most.
 */
export async function buildRollups(repo: FleetRepository, beforeMs: number): Promise<number> {
  let built = 0;
  const pause = turnTaker();
  for (;;) {
    const marks = await repo.rollups.marked(beforeMs, MARKS_PER_ROUND);
    const hours: Array<{ mark: RollupMark; summary: HourSummary | null }> = [];
    for (const run of runsOf(marks)) {
      await pause();
      const from = run[0]!.hour;
      const samples = await repo.history.vehiclesRange([run[0]!.vehicleId], SUMMARY_DEVICE_TYPES, from, run.at(-1)!.hour + HOUR_MS, isSummaryKey);
      const summaries = new Map(summariseHours(samples).map((h) => [h.hour, h]));
      for (const mark of run) hours.push({ mark, summary: summaries.get(mark.hour) ?? null });
    }
    const days = await foldDays(repo, hours);
    await repo.rollups.save(
      hours.map(({ mark, summary }) => ({ mark, vals: summary ? packHour(summary) : null })),
      days,
    );
    built += marks.length;
    if (marks.length < MARKS_PER_ROUND) return built;
    await pause();
  }
}

/**
 * The day rollups of the days these new hour summaries fall in, folded from the day's hours so far: a
 * day whose last hours had no history is still folded, and a later hour of the same day folds it again.
 * One read per day for every vehicle of the round.
 */
async function foldDays(repo: FleetRepository, hours: ReadonlyArray<{ mark: RollupMark; summary: HourSummary | null }>) {
  const fresh = new Map<number, Map<string, Map<number, HourSummary | null>>>();
  for (const { mark, summary } of hours) {
    const day = dayOf(mark.hour);
    const vehicles = fresh.get(day) ?? fresh.set(day, new Map()).get(day)!;
    const changed = vehicles.get(mark.vehicleId) ?? vehicles.set(mark.vehicleId, new Map()).get(mark.vehicleId)!;
    changed.set(mark.hour, summary);
  }
  const days = [];
  for (const [day, vehicles] of fresh) {
    const byVehicle = new Map<string, Map<number, HourSummary | null>>([...vehicles.keys()].map((id) => [id, new Map()]));
    for (const r of await repo.rollups.read('hour', [...vehicles.keys()], day, day + DAY_MS)) byVehicle.get(r.vehicleId)!.set(r.at, unpackHour(r.at, r.vals));
    for (const [vehicleId, changed] of vehicles) {
      const byHour = byVehicle.get(vehicleId)!;
      for (const [hour, summary] of changed) byHour.set(hour, summary);
      const list = [...byHour.values()].filter((h): h is HourSummary => h !== null).sort((a, b) => a.hour - b.hour);
      days.push({ vehicleId, day, vals: list.length > 0 ? packHour({ hour: day, devices: foldHours(list) }) : null });
    }
  }
  return days;
}

/**
 * Builds the rollups of hours that are over, each `everyMs` and when `kick` is called (after a
 * backfill). In a cluster only the node that samples history does it. Returns the kick and a stop.
 */
export function keepRollups(repo: FleetRepository, now: () => number, everyMs: number, leads: () => boolean, log: (line: string) => void) {
  let running: Promise<unknown> | null = null;
  const kick = () => {
    if (running || !leads()) return running ?? Promise.resolve();
    running = buildRollups(repo, Math.floor(now() / HOUR_MS) * HOUR_MS)
      // Marks stay until their hour is built: the next round tries again.
      .catch((err: unknown) => log(`History rollups failed: ${String(err)}`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void kick(), everyMs);
  timer.unref();
  return {
    kick,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
