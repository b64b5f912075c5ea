import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from '../storage/open-database';
import { createSqliteRepository } from '../storage/sqlite/sqlite-repository';
import { FakeSimulator } from '../test-support/fake-simulator';
import { backfillHistory } from './history-backfill';

const dir = mkdtempSync(join(tmpdir(), 'fleet-backfill-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs a model forward in fast time and stores one sample per device per interval', async () => {
  const repo = createSqliteRepository(openDatabase(join(dir, 'fleet.db')));
  const spec = { id: 'v1', kind: 'van' as const, home: { lat: 0, lng: 0 }, nominalVoltage: 12 as const, batteryAh: 100, solarW: 100, tanks: 1, tyres: 4, airConditioner: false, versions: {} };
  const end = Date.UTC(2026, 10, 22, 12);
  const done = await backfillHistory(new FakeSimulator(), repo, [spec], { hours: 2, intervalMs: 600_000, endMs: end });
  expect(done.samples).toBe(11 * 2);
  const rows = await repo.history.range({ vehicleId: 'v1', deviceType: 'bms', deviceId: 0 }, end - 2 * 3600_000, end);
  expect(rows).toHaveLength(11);
  expect(rows[0]?.values).toEqual({ soc: 80, voltage: 12 });
  expect(await repo.history.hasAny()).toBe(true);
  await repo.history.prune(end);
  expect(await repo.history.hasAny()).toBe(false);
  repo.close();
});
