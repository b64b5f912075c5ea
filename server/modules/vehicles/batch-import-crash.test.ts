// A batch import is all or nothing: a server killed while it writes a 2,000-row file leaves none of
// the file's vehicles, and the same file then imports. A trigger holds the write up at row 1,850
// (the database busy on it), so the kill lands in the middle of the write on either backend.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as XLSX from '@e965/xlsx';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { api, session } from '../../test-support/api-client';
import { runRawStatement } from '../../test-support/raw-statement';
import { startServerProcess, stopServerProcess, type ServerProcess } from '../../test-support/server-process';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';

const dir = mkdtempSync(join(tmpdir(), 'fleet-batch-crash-'));
let db: TestDatabase;
afterAll(async () => {
  await db?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const ADMIN = { email: 'crash@fleet.test', password: 'Crash#1234' };
const STALLED_SN = 'CRASH-1849';

const sheet = (): Buffer => {
  const book = XLSX.utils.book_new();
  const rows = Array.from({ length: 2000 }, (_, i) => [`Crash ${i}`, `CRASH-${i}`, 'fleet-4', '', 'fleet-4-depot-1', 'van']);
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'], ...rows]), 'Vehicles');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
};

const upload = async (url: string, token: string, bytes: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), 'crash.xlsx');
  const res = await fetch(`${url}/api/customization/vehicle/v1/add/batch`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  return (await res.json()) as { code: number; data: { added: unknown[] } };
};

const vehicles = async (url: string, token: string) =>
  (await api<{ total: number }>(url, 'GET', '/customization/vehicle/v1/query/list', { token, query: { pageSize: 1 } })).body.data.total;

/** The statements that hold an insert of the stalled row up: SQLite counts a cross join of 10^12 rows, PostgreSQL sleeps. */
const stallStatements = (postgres: boolean): string[] =>
  postgres
    ? [
        `CREATE FUNCTION stall_import() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN IF NEW.sn = '${STALLED_SN}' THEN PERFORM pg_sleep(600); END IF; RETURN NEW; END $$`,
        'CREATE TRIGGER stall_import BEFORE INSERT ON vehicles FOR EACH ROW EXECUTE FUNCTION stall_import()',
      ]
    : [
        'CREATE TABLE stall (x INTEGER)',
        'INSERT INTO stall WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 10000) SELECT x FROM n',
        `CREATE TRIGGER stall_import BEFORE INSERT ON vehicles WHEN NEW.sn = '${STALLED_SN}' BEGIN SELECT count(*) FROM stall a, stall b, stall c; END`,
      ];

// The query builder writes `insert into "vehicles"`: matched whatever the case and quoting.
const STALLED_INSERT = "SELECT pid FROM pg_stat_activity WHERE wait_event = 'PgSleep' AND query ~* '^insert into \"?vehicles\"? '";

/** Resolves once the server is busy on the stalled row: its event loop stuck in SQLite, or its insert asleep in PostgreSQL. */
const stalled = async (server: ServerProcess, token: string, answer: () => unknown) => {
  for (const deadline = Date.now() + 180_000; Date.now() < deadline && answer() === undefined; await new Promise((r) => setTimeout(r, 250))) {
    if (db.config.databaseUrl) {
      const client = new pg.Client({ connectionString: db.config.databaseUrl });
      await client.connect();
      const { rowCount } = await client.query(STALLED_INSERT).finally(() => client.end());
      if (rowCount) return;
    } else {
      const answered = await fetch(`${server.url}/api/customization/user/v1/get/profile`, {
        headers: { authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(3000),
      })
        .then(() => true)
        .catch(() => false);
      if (!answered) return;
    }
  }
  throw new Error(`the import never reached the stalled row: ${JSON.stringify(answer())?.slice(0, 300)}`);
};

it('leaves none of a file when the server is killed while writing it, and the file then imports', async () => {
  db = await createTestDatabase();
  const env = {
    FLEET_DB: db.config.dbPath,
    FLEET_DATABASE_URL: db.config.databaseUrl ?? '',
    FLEET_ADMIN_EMAIL: ADMIN.email,
    FLEET_ADMIN_PASSWORD: ADMIN.password,
    FLEET_SIM_VEHICLES: '40',
    FLEET_HISTORY_BACKFILL_H: '0',
    FLEET_STATIC_DIR: join(dir, 'none'),
  };
  const bytes = sheet();
  const first = await startServerProcess(env);
  const { token } = await session(first.url, ADMIN.email, ADMIN.password);
  const before = await vehicles(first.url, token);
  for (const sql of stallStatements(db.config.databaseUrl !== null)) await runRawStatement(db.config, sql);
  let answer: unknown;
  const lost = upload(first.url, token, bytes)
    .then((r) => (answer = r))
    .catch(() => null);
  await stalled(first, token, () => answer);
  expect(await stopServerProcess(first, 'SIGKILL')).toBe(null);
  expect(await lost).toBe(null);
  // PostgreSQL notices the dead client only once the sleep ends: end its session now, as it would then.
  if (db.config.databaseUrl) await runRawStatement(db.config, `SELECT pg_terminate_backend(pid) FROM (${STALLED_INSERT}) AS s`);
  await runRawStatement(db.config, db.config.databaseUrl ? 'DROP TRIGGER stall_import ON vehicles' : 'DROP TRIGGER stall_import');

  const second = await startServerProcess(env);
  try {
    const again = await session(second.url, ADMIN.email, ADMIN.password);
    expect(await vehicles(second.url, again.token)).toBe(before);
    const retried = await upload(second.url, again.token, bytes);
    expect(retried.code).toBe(200);
    expect(retried.data.added).toHaveLength(2000);
    expect(await vehicles(second.url, again.token)).toBe(before + 2000);
  } finally {
    expect(await stopServerProcess(second, 'SIGTERM')).toBe(0);
  }
}, 360_000);
