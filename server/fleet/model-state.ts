// The fleet model's state kept in the database, so a restart goes on where the model was instead
// of starting every vehicle again from its seed.
import { promisify } from 'node:util';
import { createGzip, gunzip } from 'node:zlib';
import type { FleetSimulator, SimVehicleSpec } from '../sim/types';
import type { SavedVehicle } from '../sim/vehicle-snapshot';
import { savedVehicleId } from '../sim/vehicle-snapshot';
import type { ModelStateStore } from '../modules/model-state/model-state-store';

const gunzipAsync = promisify(gunzip);

/** Raised when the saved vehicle record changes shape; a state of another format is not read. */
const FORMAT = 1;

/** Vehicles turned into JSON in one turn of the event loop. */
const VEHICLES_PER_TURN = 500;

/**
 * Gzipped JSON of the model's vehicles. They are collected, turned into JSON and fed to the gzip
 * stream a few hundred at a time, each batch in a turn of its own, so neither the event loop nor the
 * heap ever holds the whole fleet's state (only its compressed form, about a quarter of the JSON).
 */
export const encodeModelState = async (vehicles: Iterable<SavedVehicle>): Promise<Buffer> => {
  const zip = createGzip({ level: 1 });
  const compressed: Buffer[] = [];
  zip.on('data', (chunk: Buffer) => compressed.push(chunk));
  const ended = new Promise<void>((resolve, reject) => zip.on('end', resolve).on('error', reject));
  let batch: SavedVehicle[] = [];
  let first = true;
  const flush = async () => {
    if (batch.length > 0) {
      zip.write((first ? '' : ',') + JSON.stringify(batch).slice(1, -1));
      first = false;
    }
    batch = [];
    await new Promise((resolve) => setImmediate(resolve));
  };
  zip.write(`{"format":${FORMAT},"vehicles":[`);
  for (const vehicle of vehicles) {
    batch.push(vehicle);
    if (batch.length === VEHICLES_PER_TURN) await flush();
  }
  await flush();
  zip.end(']}');
  await ended;
  return Buffer.concat(compressed);
};

/** The saved vehicles; throws when the state is corrupted or of another format. */
export const decodeModelState = async (state: Buffer): Promise<SavedVehicle[]> => {
  const doc = JSON.parse((await gunzipAsync(state)).toString('utf8')) as { format?: unknown; vehicles?: unknown };
  if (doc.format !== FORMAT) throw new Error(`format ${String(doc.format)}, this server reads ${FORMAT}`);
  if (!Array.isArray(doc.vehicles) || !doc.vehicles.every(Array.isArray)) throw new Error('no vehicle list');
  return doc.vehicles as SavedVehicle[];
};

/**
 * The vehicles saved by the last run. `add` resumes a vehicle from its state (moved on over the time
 * the server was down), or starts it from the seed when it has none or it does not fit; each state
 * is used once. A state that cannot be read (written by another version, or corrupted) is logged and
 * left: every vehicle then starts from its seed.
 */
export const readSavedFleet = async (store: ModelStateStore, log: (line: string) => void) => {
  const saved = new Map<string, SavedVehicle>();
  let savedAt = 0;
  try {
    const stored = await store.load();
    if (stored) {
      savedAt = stored.savedAt;
      for (const v of await decodeModelState(stored.state)) saved.set(savedVehicleId(v) ?? '', v);
    }
  } catch (err) {
    log(`Fleet model: the saved state cannot be read (${err instanceof Error ? err.message : String(err)}); every vehicle starts from its seed`);
  }
  let resumed = 0;
  let refused = 0;
  return {
    add(sim: Pick<FleetSimulator, 'add' | 'resume'>, spec: SimVehicleSpec, nowMs: number): void {
      const state = saved.get(spec.id);
      saved.delete(spec.id);
      if (state && sim.resume(spec, state, nowMs)) resumed++;
      else {
        if (state) refused++;
        sim.add(spec, nowMs);
      }
    },
    /** Logs how many vehicles went on from the saved state. */
    report(nowMs: number): void {
      if (savedAt === 0) return;
      const notFit = refused > 0 ? `; ${refused} saved states did not fit their vehicle, which started from the seed` : '';
      log(`Fleet model: ${resumed} vehicles resumed from the state saved ${Math.round((nowMs - savedAt) / 1000)} s ago${notFit}`);
    },
  };
};

/** Puts the fleet into the model, each vehicle going on from its saved state where it can. */
export const resumeFleet = async (
  sim: Pick<FleetSimulator, 'add' | 'resume'>,
  specs: SimVehicleSpec[],
  store: ModelStateStore,
  nowMs: number,
  log: (line: string) => void,
): Promise<void> => {
  const saved = await readSavedFleet(store, log);
  for (const spec of specs) saved.add(sim, spec, nowMs);
  saved.report(nowMs);
};

/** A save may take at most this share of the time between saves: a large fleet is saved less often. */
const SAVE_SHARE = 0.05;

/**
 * Saves the model's state every `periodMs` (a crash loses at most that much) and once more when
 * stopped, for a graceful shutdown. A save still running when the next is due is not doubled. Where
 * one save takes longer than a twentieth of the period (about 100,000 vehicles at 30 s), the next
 * waits twenty times as long as it took, so saving never costs the model more than 5 % of a core.
 */
export const keepModelState = (sim: Pick<FleetSimulator, 'save'>, store: ModelStateStore, periodMs: number, now: () => number, log: (line: string) => void) => {
  let running: Promise<void> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const save = (): Promise<void> => {
    running ??= (async () => {
      const savedAt = now();
      await store.save(await encodeModelState(sim.save()), savedAt);
    })()
      .catch((err: unknown) => log(`Fleet model: saving its state failed: ${String(err)}`))
      .finally(() => (running = null));
    return running;
  };
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      const started = performance.now();
      // save() logs its own failure and never rejects.
      void save().then(() => {
        if (!stopped) schedule(Math.max(periodMs, (performance.now() - started) / SAVE_SHARE));
      });
    }, delayMs);
    timer.unref();
  };
  schedule(periodMs);
  return {
    save,
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
      await save();
    },
  };
};
