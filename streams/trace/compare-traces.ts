import { FleetDigest } from './fleet-digest';
import type { TraceEntry, TraceIndex } from './trace-index';

export interface TraceDifference {
  /** Trace time, ms from each trace's start, at which the states first differ. */
  t: number;
  /** What differs: "19 <vehicle>" (status) or "<cmd> <vehicle> <device type> <device id>". */
  key: string;
  a: unknown;
  b: unknown;
}

export interface TraceComparison {
  commandsOnlyIn: { a: number[]; b: number[] };
  vehiclesOnlyIn: { a: string[]; b: string[] };
  /** Received frames per command, in each trace. */
  counts: Array<{ cmd: number; a: number; b: number }>;
  /** Null when the fleet states agree at every step. */
  firstDifference: TraceDifference | null;
}

/** How often the two fleet states are compared; differences inside one step show at its end. */
export const COMPARE_STEP_MS = 1000;

const received = (index: TraceIndex): TraceEntry[] => index.entries.filter((entry) => entry.dir === 'in' && entry.drop === null);

function tally(entries: readonly TraceEntry[]): { cmds: Map<number, number>; vehicles: Set<string> } {
  const cmds = new Map<number, number>();
  const vehicles = new Set<string>();
  for (const { cmd, vehicleId } of entries) {
    if (cmd !== null) cmds.set(cmd, (cmds.get(cmd) ?? 0) + 1);
    if (vehicleId !== null) vehicles.add(vehicleId);
  }
  return { cmds, vehicles };
}

const onlyIn = <T>(mine: Iterable<T>, theirs: { has(value: T): boolean }): T[] => [...mine].filter((value) => !theirs.has(value));

/** A frame's state without its times, which differ between two recordings of the same fleet. */
const stateOf = (frame: unknown): string => JSON.stringify(frame ?? null, (key, value: unknown) => (key === 'ts' ? undefined : value));

/** Two traces side by side: what one has that the other lacks, and where their fleets first part. */
export function compareTraces(a: TraceIndex, b: TraceIndex): TraceComparison {
  const inA = received(a);
  const inB = received(b);
  const tallyA = tally(inA);
  const tallyB = tally(inB);
  const cmds = [...new Set([...tallyA.cmds.keys(), ...tallyB.cmds.keys()])].sort((x, y) => x - y);
  return {
    commandsOnlyIn: { a: onlyIn(tallyA.cmds.keys(), tallyB.cmds), b: onlyIn(tallyB.cmds.keys(), tallyA.cmds) },
    vehiclesOnlyIn: { a: onlyIn(tallyA.vehicles, tallyB.vehicles).sort(), b: onlyIn(tallyB.vehicles, tallyA.vehicles).sort() },
    counts: cmds.map((cmd) => ({ cmd, a: tallyA.cmds.get(cmd) ?? 0, b: tallyB.cmds.get(cmd) ?? 0 })),
    firstDifference: firstDifference(inA, inB, Math.max(a.duration, b.duration)),
  };
}

function firstDifference(inA: readonly TraceEntry[], inB: readonly TraceEntry[], duration: number): TraceDifference | null {
  const digestA = new FleetDigest();
  const digestB = new FleetDigest();
  const differing = new Set<string>();
  let nextA = 0;
  let nextB = 0;
  const applyUntil = (entries: readonly TraceEntry[], from: number, digest: FleetDigest, t: number): number => {
    let i = from;
    for (; i < entries.length && (entries[i] as TraceEntry).t <= t; i += 1) digest.apply((entries[i] as TraceEntry).value as never);
    return i;
  };
  for (let t = 0; t < duration + COMPARE_STEP_MS; t += COMPARE_STEP_MS) {
    nextA = applyUntil(inA, nextA, digestA, t);
    nextB = applyUntil(inB, nextB, digestB, t);
    for (const key of new Set([...digestA.takeChanged(), ...digestB.takeChanged()])) {
      if (stateOf(digestA.get(key)) === stateOf(digestB.get(key))) differing.delete(key);
      else differing.add(key);
    }
    const [key] = [...differing].sort();
    if (key !== undefined) return { t, key, a: digestA.get(key) ?? null, b: digestB.get(key) ?? null };
  }
  return null;
}
