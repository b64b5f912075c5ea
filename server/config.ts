export interface ServerConfig {
  port: number;
  host: string;
  dbPath: string;
  adminEmail: string;
  /** null: generate one on first start and print it once. */
  adminPassword: string | null;
  simVehicles: number;
  simHz: number;
  simSeed: number;
  /** Models the fleet is split into, stepped one after the other across each tick. */
  simShards: number;
  /** How long a simulated firmware burn takes, and how often one fails (0..1). */
  firmwareBurnMs: number;
  firmwareFailureRate: number;
  clientId: string;
  clientSecret: string;
  staticDir: string;
  testHooks: boolean;
  tokenTtlS: number;
  historyIntervalS: number;
  /** Hours of history filled in on first start; 0 turns the backfill off. */
  historyBackfillH: number;
  /** Origins allowed to call the API from another site (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** Honour X-Forwarded-* from a reverse proxy (client address for sign-in limits, https/wss). */
  trustProxy: boolean;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return n;
};

export const readConfig = (env: NodeJS.ProcessEnv): ServerConfig => ({
  port: int(env.PORT, 8080, 'PORT'),
  host: env.HOST || '0.0.0.0',
  dbPath: env.FLEET_DB || './data/fleet.db',
  adminEmail: env.FLEET_ADMIN_EMAIL || 'admin@fleet.local',
  adminPassword: env.FLEET_ADMIN_PASSWORD || null,
  simVehicles: int(env.FLEET_SIM_VEHICLES, 300, 'FLEET_SIM_VEHICLES'),
  simHz: int(env.FLEET_SIM_HZ, 1, 'FLEET_SIM_HZ') || 1,
  simSeed: int(env.FLEET_SIM_SEED, 1, 'FLEET_SIM_SEED'),
  simShards: Math.max(1, Math.min(100, int(env.FLEET_SIM_SHARDS, 20, 'FLEET_SIM_SHARDS'))),
  firmwareBurnMs: int(env.FLEET_SIM_FIRMWARE_BURN_MS, 60_000, 'FLEET_SIM_FIRMWARE_BURN_MS') || 60_000,
  firmwareFailureRate: Math.min(1, int(env.FLEET_SIM_FIRMWARE_FAILURE_RATE, 0.1, 'FLEET_SIM_FIRMWARE_FAILURE_RATE')),
  clientId: env.FLEET_CLIENT_ID || 'fleet-console',
  clientSecret: env.FLEET_CLIENT_SECRET || 'fleet-console',
  staticDir: env.FLEET_STATIC_DIR || './dist',
  testHooks: env.FLEET_TEST_HOOKS === '1',
  tokenTtlS: int(env.FLEET_TOKEN_TTL_S, 43200, 'FLEET_TOKEN_TTL_S') || 43200,
  historyIntervalS: int(env.FLEET_HISTORY_INTERVAL_S, 60, 'FLEET_HISTORY_INTERVAL_S') || 60,
  corsOrigins: (env.FLEET_CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean),
  trustProxy: env.FLEET_TRUST_PROXY === '1',
  historyBackfillH: Math.min(int(env.FLEET_HISTORY_BACKFILL_H, 24, 'FLEET_HISTORY_BACKFILL_H'), 24 * 31),
});
