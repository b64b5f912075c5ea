import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildServer, type FleetServer } from '../app';
import { readConfig, type ServerConfig } from '../config';
import { FakeSimulator } from './fake-simulator';

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

/** A real server on a free loopback port with a temporary database and the fake simulator. */
export const startTestServer = async (overrides: Partial<ServerConfig> = {}): Promise<TestServer> => {
  const dir = mkdtempSync(join(tmpdir(), 'fleet-server-'));
  const config: ServerConfig = {
    ...readConfig({}),
    port: 0,
    host: '127.0.0.1',
    dbPath: join(dir, 'fleet.db'),
    adminEmail: ADMIN_EMAIL,
    adminPassword: ADMIN_PASSWORD,
    simVehicles: 40,
    staticDir: join(dir, 'no-static'),
    testHooks: true,
    historyIntervalS: 3600,
    ...overrides,
  };
  const sim = new FakeSimulator();
  const mail: string[] = [];
  const server = await buildServer({ config, simulator: sim, log: (line) => mail.push(line) });
  const url = await server.start();
  return {
    url,
    server,
    sim,
    mail,
    config,
    stop: async () => {
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
