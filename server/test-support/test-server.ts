import { join } from 'node:path';
import { buildServer, type FleetServer } from '../app';
import { readConfig, type ServerConfig } from '../config';
import { FakeSimulator } from './fake-simulator';
import { createTestDatabase, type TestDatabase } from './test-database';

export const ADMIN_EMAIL = 'admin@fleet.test';
export const ADMIN_PASSWORD = 'Admin#12345';
export const CLIENT_BASIC = `Basic ${Buffer.from('fleet-console:fleet-console').toString('base64')}`;

export interface TestServer {
  url: string;
  server: FleetServer;
  sim: FakeSimulator;
  mail: string[];
  config: ServerConfig;
  stop(): Promise<void>;
}

/**
 * A real server on a free loopback port with an empty database of its own (on the backend under test,
 * dropped by `stop`) and the fake simulator; `now` replaces its clock. Given a `database`, it starts on
 * that one (a restart) and leaves it in place.
 */
/** `simulator`: the model the server runs on (a restart hands it one that still holds the alarms it had). */
export const startTestServer = async (
  overrides: Partial<ServerConfig> = {},
  now?: () => number,
  database?: TestDatabase,
  simulator = new FakeSimulator(),
): Promise<TestServer> => {
  const db = database ?? (await createTestDatabase());
  const config: ServerConfig = {
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    ...db.config,
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    simVehicles: 40,
    // No demo outboxes: tests set up the contact points they need.
    simScenario: 'quiet',
    staticDir: join(db.config.dbPath, '..', 'no-static'),
    testHooks: true,
    historyIntervalS: 3600,
    ...overrides,
  };
  const sim = simulator;
  const mail: string[] = [];
  const server = await buildServer({ config, simulator: sim, log: (line) => mail.push(line), now });
  const url = await server.start();
  return {
    url,
    server,
    sim,
    mail,
    config,
    stop: async () => {
      await server.close();
      if (!database) await db.drop();
    },
  };
};
