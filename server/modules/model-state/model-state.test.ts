import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, expect, it } from 'vitest';
import { api, session } from '../../test-support/api-client';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../test-support/server-process';

const dir = mkdtempSync(join(tmpdir(), 'fleet-model-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A demo fleet warmed over a day on first start, big enough that some vehicles are in alarm (about 4 %
 * of them by day, nearer 1 % on a European night: 150 vehicles once had none), saved every second;
 * or, not warmed, a quiet one.
 */
const serverEnv = (name: string, warmUp = true) => ({
  FLEET_DB: join(dir, `${name}.db`),
  FLEET_ADMIN_EMAIL: 'model@fleet.test',
  FLEET_ADMIN_PASSWORD: 'Model#1234',
  FLEET_SIM_VEHICLES: warmUp ? '300' : '40',
  FLEET_SIM_SCENARIO: warmUp ? 'demo' : 'quiet',
  FLEET_HISTORY_BACKFILL_H: warmUp ? '24' : '0',
  FLEET_HISTORY_INTERVAL_S: '600',
  FLEET_SIM_SAVE_S: '1',
  FLEET_STATIC_DIR: join(dir, 'none'),
});

interface FleetView {
  soc: Map<string, number>;
  /** Active alarms as `id vehicle kind device started`. */
  alarms: Set<string>;
}

/** What a person sees: each vehicle's charge and the active alarms. */
const view = async (p: ServerProcess, env: ReturnType<typeof serverEnv>): Promise<FleetView> => {
  const { token } = await session(p.url, env.FLEET_ADMIN_EMAIL, env.FLEET_ADMIN_PASSWORD);
  const vehicles = await api<{ rows: Array<{ id: string; soc: number }> }>(p.url, 'GET', '/customization/vehicle/v1/query/list', {
    token,
    query: { pageSize: 500 },
  });
  const alarms = await api<{ rows: Array<{ id: string; vehicleId: string; kind: string; deviceType: string; deviceId: number; startedAt: number }> }>(
    p.url,
    'GET',
    '/customization/alarm/v1/query/list',
    { token, query: { active: true, pageSize: 500 } },
  );
  return {
    soc: new Map(vehicles.body.data.rows.map((v) => [v.id, v.soc])),
    alarms: new Set(alarms.body.data.rows.map((a) => `${a.id} ${a.vehicleId} ${a.kind} ${a.deviceType}${a.deviceId} ${a.startedAt}`)),
  };
};

/** When the model's state was last saved, read from the database as another process would. */
const savedAt = (env: ReturnType<typeof serverEnv>): number => {
  const db = new Database(env.FLEET_DB, { readonly: true, fileMustExist: true });
  try {
    return Number((db.prepare("SELECT saved_at FROM model_state WHERE id = 'fleet'").get() as { saved_at: number } | undefined)?.saved_at ?? 0);
  } finally {
    db.close();
  }
};

/** Resolves once the server has saved its state after `afterMs`. */
const nextSave = async (env: ReturnType<typeof serverEnv>, afterMs: number) => {
  const deadline = Date.now() + 20_000;
  while (savedAt(env) <= afterMs) {
    if (Date.now() > deadline) throw new Error('the model state was not saved');
    await new Promise((r) => setTimeout(r, 100));
  }
};

const expectSameFleet = (before: FleetView, after: FleetView) => {
  expect([...after.soc.keys()].sort()).toEqual([...before.soc.keys()].sort());
  // A few seconds of charging or discharging at most, where starting from the seed moves it by tens of %.
  for (const [id, soc] of before.soc) expect(Math.abs(after.soc.get(id)! - soc), id).toBeLessThanOrEqual(1);
  expect(before.alarms.size).toBeGreaterThan(0);
  // The same alarms (same rows, same start), give or take one that began or ended during the restart.
  const kept = [...before.alarms].filter((a) => after.alarms.has(a));
  expect(kept.length).toBeGreaterThanOrEqual(before.alarms.size - 1);
  expect(after.alarms.size - kept.length).toBeLessThanOrEqual(1);
};

// One warmed fleet (its warm-up is most of the time) stopped twice: gracefully, then outright.
it('goes on from the saved model after a graceful stop, and loses at most one save period when killed outright', async () => {
  const env = serverEnv('restarts');
  const first = await startServerProcess(env);
  await nextSave(env, 0);
  const beforeStop = await view(first, env);
  expect(await stopServerProcess(first, 'SIGTERM')).toBe(0);
  const second = await startServerProcess(env);
  let third: ServerProcess | undefined;
  try {
    expect(second.output()).toMatch(/Fleet model: 300 vehicles resumed from the state saved \d+ s ago/);
    expectSameFleet(beforeStop, await view(second, env));
    const beforeKill = await view(second, env);
    await nextSave(env, Date.now());
    expect(await stopServerProcess(second, 'SIGKILL')).toBe(null);
    third = await startServerProcess(env);
    expect(third.output()).toMatch(/Fleet model: 300 vehicles resumed/);
    expectSameFleet(beforeKill, await view(third, env));
  } finally {
    await stopServerProcess(second);
    if (third) await stopServerProcess(third);
  }
}, 180_000);

it('starts from the seed, saying so, when the saved state cannot be read', async () => {
  const env = serverEnv('corrupted', false);
  const first = await startServerProcess(env);
  await nextSave(env, 0);
  expect(await stopServerProcess(first, 'SIGTERM')).toBe(0);
  const db = new Database(env.FLEET_DB);
  db.prepare("UPDATE model_state SET state = ? WHERE id = 'fleet'").run(Buffer.from('not a saved model'));
  db.close();
  const second = await startServerProcess(env);
  try {
    expect(second.output()).toContain('Fleet model: the saved state cannot be read');
    expect((await view(second, env)).soc.size).toBe(40);
  } finally {
    await stopServerProcess(second);
  }
}, 120_000);
