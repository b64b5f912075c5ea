import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import pg from 'pg';
import { defineConfig, mergeConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import viteConfig from './vite.config.ts';

// The test projects, over the build's configuration (vite.config.ts, which needs no test tool).
const testDatabaseUrl = process.env.FLEET_TEST_DATABASE_URL || 'postgres://root@127.0.0.1:5432/test';

const postgresReachable = async (): Promise<boolean> => {
  const client = new pg.Client({ connectionString: testDatabaseUrl, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
};

/**
 * Suites that need a process of their own: the upload budgets measure the process's memory, and the
 * NATS suites' connections may still report their close after the file has ended.
 */
const OWN_PROCESS = ['server/upload-budget.test.ts', 'server/cluster.test.ts', 'server/platform/bus/nats-bus.test.ts'];

/** The component tests that replace a module (`vi.mock`): a module another file loaded first would not be replaced. */
const MOCKING_UI_TESTS = readdirSync('src', { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => `src/${file}`)
  .filter((file) => readFileSync(file, 'utf8').includes('vi.mock('));

/**
 * The repository and API suites once more on PostgreSQL (FLEET_TEST_DATABASE_URL), each server in a
 * schema of its own; left out, with a notice, where no PostgreSQL answers.
 */
const postgresProject = async (): Promise<TestProjectInlineConfiguration[]> => {
  // Each project that extends this file loads it again: probe (and say so) once per run.
  if (process.env.FLEET_TEST_POSTGRES === undefined) {
    process.env.FLEET_TEST_POSTGRES = (await postgresReachable()) ? 'reachable' : 'unreachable';
    if (process.env.FLEET_TEST_POSTGRES === 'unreachable') {
      console.log(`PostgreSQL not reachable at ${new URL(testDatabaseUrl).host}: the storage and API suites run on SQLite only`);
    }
  }
  if (process.env.FLEET_TEST_POSTGRES !== 'reachable') return [];
  const include = ['server/*.test.ts', 'server/modules/**/*.test.ts', 'server/platform/database/**/*.test.ts', 'server/telemetry/**/*.test.ts'];
  // A SQLite file's crash recovery has no PostgreSQL counterpart; the cluster test is on PostgreSQL
  // already; the model-state restarts run server processes on SQLite files of their own.
  const exclude = ['server/crash-recovery.test.ts', 'server/cluster.test.ts', 'server/modules/model-state/model-state.test.ts'];
  const test = { environment: 'node', env: { FLEET_TEST_STORAGE: 'postgres', FLEET_TEST_DATABASE_URL: testDatabaseUrl }, testTimeout: 30_000, hookTimeout: 30_000 };
  return [
    { extends: true, test: { ...test, name: 'unit-postgres', include, exclude: [...exclude, ...OWN_PROCESS], isolate: false } },
    { extends: true, test: { ...test, name: 'unit-postgres-own-process', include: OWN_PROCESS.filter((file) => !exclude.includes(file)) } },
  ];
};

const storageProjects = await postgresProject();

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Vitest's default is one worker fewer than the cores: on a 2-core CI machine that is a single
      // worker, and every suite runs one file after another. Two lets the browser files below run two
      // at a time (about 11 minutes against 15 on two cores); the server suites gain nothing from it
      // there (the PostgreSQL project took 264 s with two, 242 s with one: their work is CPU).
      maxWorkers: Math.max(2, availableParallelism() - 1),
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['contract/**/*.test.ts', 'streams/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts'],
            exclude: OWN_PROCESS,
            testTimeout: 20_000,
            // Server suites start a whole server with its simulator before their tests.
            hookTimeout: 30_000,
            // The files of a worker share one process and its loaded modules: importing the server's
            // module graph again for each file took about as long as the files' own tests. Each suite
            // starts its own server on its own database, so nothing else is shared.
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'unit-own-process',
            environment: 'node',
            include: OWN_PROCESS,
            testTimeout: 20_000,
            hookTimeout: 30_000,
          },
        },
        ...storageProjects,
        {
          extends: true,
          test: {
            name: 'ui',
            environment: 'jsdom',
            include: ['src/**/*.test.{ts,tsx}'],
            exclude: MOCKING_UI_TESTS,
            setupFiles: ['src/test-support/unmount-after-each.ts'],
            // As the server suites: loading React, Chakra and jsdom again for each file took several
            // times as long as the files' tests (the whole project: 364 s isolated, 50 s shared, on a
            // loaded machine).
            isolate: false,
          },
        },
        {
          extends: true,
          test: {
            name: 'ui-own-process',
            environment: 'jsdom',
            include: MOCKING_UI_TESTS,
            setupFiles: ['src/test-support/unmount-after-each.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'e2e',
            environment: 'node',
            include: ['tests/e2e/**/*.test.ts'],
            globalSetup: ['tests/e2e/global-setup.ts'],
            setupFiles: ['tests/e2e/support/csp-guard.ts', 'tests/e2e/support/retry-notice.ts'],
            testTimeout: 120_000,
            hookTimeout: 300_000,
            // A browser test drives a live simulated fleet on whatever machine runs it; one retry
            // absorbs a lost timing race (a click between two renderings of a row), while a real
            // fault fails twice. A retried test prints a RETRY line (support/retry-notice.ts), and
            // .ci/run fails a test retried in two runs in a row.
            retry: 1,
            // Two files at a time, each with its own server and browser (no file shares state with
            // another): a browser test spends most of its time waiting on renders and timers, which
            // the other file's work fills. Their own group, after the other projects, so no more than
            // two files load the machine at once whatever its cores.
            maxWorkers: 2,
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  }),
);
