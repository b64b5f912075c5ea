// Keeps the hourly rollups of every vehicle's history: hours marked as samples arrive are summarised
// (hour-summary.ts) once they are over, a vehicle's run of consecutive hours per read.
import type { FleetRepository, RollupMark } from '../storage/fleet-repository';
import { HOUR_MS, hourOf, packHour, SUMMARY_DEVICE_TYPES, summariseHours } from './hour-summary';

/** Marks handled per round; the event loop gets a turn between rounds. */
const MARKS_PER_ROUND = 500;

/** Consecutive marked hours of one vehicle. */
const runsOf = (marks: readonly RollupMark[]): RollupMark[][] => {
  const runs: RollupMark[][] = [];
  for (const m of marks) {
    const run = runs.at(-1);
    const last = run?.at(-1);
    if (run && last && last.vehicleId === m.vehicleId && last.hour + HOUR_MS === m.hour) run.push(m);
    else runs.push([m]);
  }
  return runs;
};

/** Builds the rollups of the marked hours that start before `beforeMs`; returns how many hours it built. */
export async function buildRollups(repo: FleetRepository, beforeMs: number): Promise<number> {
  let built = 0;
  for (;;) {
    const marks = await repo.rollups.marked(beforeMs, MARKS_PER_ROUND);
    const out: Array<{ mark: RollupMark; vals: Buffer | null }> = [];
    for (const run of runsOf(marks)) {
      const from = run[0]!.hour;
      const samples = await repo.history.vehiclesRange([run[0]!.vehicleId], SUMMARY_DEVICE_TYPES, from, run.at(-1)!.hour + HOUR_MS);
      const hours = new Map(summariseHours(samples).map((h) => [h.hour, h]));
      for (const mark of run) {
        const h = hours.get(mark.hour);
        out.push({ mark, vals: h ? packHour(h) : null });
      }
    }
    await repo.rollups.save(out);
    built += marks.length;
    if (marks.length < MARKS_PER_ROUND) return built;
    await new Promise((r) => setImmediate(r));
  }
}

/**
 * Builds the rollups of hours that are over, each `everyMs` and when `kick` is called (after a
 * backfill). In a cluster only the node that samples history does it. Returns the kick and a stop.
 */
export function keepRollups(repo: FleetRepository, now: () => number, everyMs: number, leads: () => boolean = () => true) {
  let running: Promise<unknown> | null = null;
  const kick = () => {
    if (running || !leads()) return running ?? Promise.resolve();
    running = buildRollups(repo, hourOf(now()))
      .catch(() => undefined)
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
