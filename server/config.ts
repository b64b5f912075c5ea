import { INCIDENT_RULES } from '../contract/entities/incident';
import { SCENARIO_NAMES, type ScenarioName } from './sim/scenario';

export interface ServerConfig {
  port: number;
  host: string;
  dbPath: string;
  /** `postgres://…`: store everything in PostgreSQL instead of the SQLite file at dbPath. */
  databaseUrl: string | null;
  adminEmail: string;
  /** null: generate one on first start and print it once. */
  adminPassword: string | null;
  simVehicles: number;
  simHz: number;
  simSeed: number;
  /** `demo`: a fleet with a few alarms a minute; `quiet`: rare incidents, for tests. */
  simScenario: ScenarioName;
  /** Models the fleet is split into, stepped one after the other across each tick. */
  simShards: number;
  /** How often the fleet model's state is saved (also on shutdown), so a restart goes on from it; a crash loses at most this. */
  modelSaveS: number;
  /** How long a simulated firmware burn takes, and how often one fails (0..1). */
  firmwareBurnMs: number;
  firmwareFailureRate: number;
  clientId: string;
  clientSecret: string;
  staticDir: string;
  testHooks: boolean;
  tokenTtlS: number;
  historyIntervalS: number;
  /** How often pre-alarm rules are judged against the live values. */
  prealarmEvaluationS: number;
  /** Seconds an unacknowledged incident waits at each escalation step before the next (operator → fleet manager → service engineer). */
  incidentEscalationS: number[];
  /** Days of history kept; older samples are pruned once an hour. */
  historyRetentionD: number;
  /** Hours of history filled in on first start; 0 turns the backfill off. */
  historyBackfillH: number;
  /** Origins allowed to call the API from another site (CORS); empty: same origin only. */
  corsOrigins: string[];
  /** Honour X-Forwarded-* from a reverse proxy (client address for sign-in limits, public host and scheme). */
  trustProxy: boolean;
  /** The origin clients reach the console at (`https://fleet.example.com`); null: the listening address. */
  publicUrl: string | null;
  /** Runs the fleet model in this process (FLEET_SIM=0: a cluster node fed by gateways). */
  sim: boolean;
  /** `nats://host:port`: join the other nodes of a cluster; null: a single node with the in-process hub. */
  busUrl: string | null;
  /** `mqtt://host:port`: take telemetry from gateways on this broker; null: only the in-process model. */
  mqttUrl: string | null;
  /** Keeps several clusters (or test runs) on one NATS server and one broker apart. */
  busPrefix: string;
  mqttPrefix: string;
  /** `smtp(s)://user:pass@host:port`: mail verification codes through it; null: write them to the log. */
  smtpUrl: string | null;
  /** The sender of that mail (and of notifications mailed to contact points). */
  mailFrom: string;
  /** Attempts a notification send gets before it is a dead letter. */
  notifyAttempts: number;
  /** The delay before a send's second attempt; it doubles for each attempt after. */
  notifyRetryMs: number;
  /** How long a node holds a send it claimed; another node takes it over once this has passed. */
  notifyLeaseMs: number;
  /** A local .mbtiles or .pmtiles file of raster tiles the map shows (street detail offline); null: none. */
  tilesFile: string | null;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${value}"`);
  return n;
};

/** Comma-separated seconds, one per escalation step after the first (INCIDENT_RULES.escalation). */
const escalationDelays = (value: string | undefined): number[] => {
  const defaults = INCIDENT_RULES.escalation.slice(1).map((s) => s.afterS);
  if (value === undefined || value === '') return defaults;
  const delays = value.split(',').map((part) => Number(part.trim()));
  if (delays.length !== defaults.length || delays.some((d) => !Number.isFinite(d) || d <= 0))
    throw new Error(`FLEET_INCIDENT_ESCALATION_S must be ${defaults.length} positive numbers of seconds separated by commas, got "${value}"`);
  return delays;
};

const scenario = (value: string | undefined): ScenarioName => {
  if (value === undefined || value === '') return 'demo';
  if (!(SCENARIO_NAMES as readonly string[]).includes(value)) throw new Error(`FLEET_SIM_SCENARIO must be one of ${SCENARIO_NAMES.join(', ')}, got "${value}"`);
  return value as ScenarioName;
};

/** `http(s)://host[:port]` as an origin, without path, query or credentials. */
const origin = (value: string | undefined, name: string): string | null => {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an http(s)://host[:port] address, got "${value}"`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an http(s)://host[:port] address, got "${value}"`);
  }
  return url.origin;
};

/** A broker address; the refusal does not repeat the value, which may hold a password. */
const serviceUrl = (value: string | undefined, protocols: string[], name: string): string | null => {
  if (value === undefined || value === '') return null;
  let protocol: string | null = null;
  try {
    protocol = new URL(value).protocol;
  } catch {
    // reported below
  }
  if (!protocol || !protocols.includes(protocol)) throw new Error(`${name} must be a ${protocols.join(' or ')}//host[:port] address`);
  return value;
};

const prefix = (value: string | undefined, pattern: RegExp, name: string): string => {
  if (value === undefined || value === '') return 'fleet';
  if (!pattern.test(value)) throw new Error(`${name} must be letters, digits, "-" and "_" (1 to 40), got "${value}"`);
  return value;
};

const postgresUrl = (value: string | undefined): string | null => {
  if (value === undefined || value === '') return null;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // reported below
  }
  if (!url || !['postgres:', 'postgresql:'].includes(url.protocol)) {
    throw new Error('FLEET_DATABASE_URL must be a postgres://user@host[:port]/database address');
  }
  return value;
};

export const readConfig = (env: NodeJS.ProcessEnv): ServerConfig => ({
  port: int(env.PORT, 8080, 'PORT'),
  host: env.HOST || '0.0.0.0',
  dbPath: env.FLEET_DB || './data/fleet.db',
  databaseUrl: postgresUrl(env.FLEET_DATABASE_URL),
  adminEmail: env.FLEET_ADMIN_EMAIL || 'admin@fleet.local',
  adminPassword: env.FLEET_ADMIN_PASSWORD || null,
  simVehicles: int(env.FLEET_SIM_VEHICLES, 300, 'FLEET_SIM_VEHICLES'),
  simHz: int(env.FLEET_SIM_HZ, 1, 'FLEET_SIM_HZ') || 1,
  simSeed: int(env.FLEET_SIM_SEED, 1, 'FLEET_SIM_SEED'),
  simScenario: scenario(env.FLEET_SIM_SCENARIO),
  simShards: Math.max(1, Math.min(100, int(env.FLEET_SIM_SHARDS, 20, 'FLEET_SIM_SHARDS'))),
  modelSaveS: int(env.FLEET_SIM_SAVE_S, 30, 'FLEET_SIM_SAVE_S') || 30,
  firmwareBurnMs: int(env.FLEET_SIM_FIRMWARE_BURN_MS, 60_000, 'FLEET_SIM_FIRMWARE_BURN_MS') || 60_000,
  firmwareFailureRate: Math.min(1, int(env.FLEET_SIM_FIRMWARE_FAILURE_RATE, 0.1, 'FLEET_SIM_FIRMWARE_FAILURE_RATE')),
  clientId: env.FLEET_CLIENT_ID || 'fleet-console',
  clientSecret: env.FLEET_CLIENT_SECRET || 'fleet-console',
  staticDir: env.FLEET_STATIC_DIR || './dist',
  testHooks: env.FLEET_TEST_HOOKS === '1',
  tokenTtlS: int(env.FLEET_TOKEN_TTL_S, 43200, 'FLEET_TOKEN_TTL_S') || 43200,
  historyIntervalS: int(env.FLEET_HISTORY_INTERVAL_S, 60, 'FLEET_HISTORY_INTERVAL_S') || 60,
  prealarmEvaluationS: int(env.FLEET_PREALARM_EVALUATION_S, 30, 'FLEET_PREALARM_EVALUATION_S') || 30,
  incidentEscalationS: escalationDelays(env.FLEET_INCIDENT_ESCALATION_S),
  historyRetentionD: int(env.FLEET_HISTORY_RETENTION_D, 31, 'FLEET_HISTORY_RETENTION_D') || 31,
  corsOrigins: (env.FLEET_CORS_ORIGINS ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean),
  trustProxy: env.FLEET_TRUST_PROXY === '1',
  publicUrl: origin(env.FLEET_PUBLIC_URL, 'FLEET_PUBLIC_URL'),
  sim: env.FLEET_SIM !== '0',
  busUrl: serviceUrl(env.FLEET_BUS_URL, ['nats:', 'tls:'], 'FLEET_BUS_URL'),
  mqttUrl: serviceUrl(env.FLEET_MQTT_URL, ['mqtt:', 'mqtts:', 'ws:', 'wss:'], 'FLEET_MQTT_URL'),
  busPrefix: prefix(env.FLEET_BUS_PREFIX, /^[A-Za-z0-9_-]{1,40}$/, 'FLEET_BUS_PREFIX'),
  mqttPrefix: prefix(env.FLEET_MQTT_PREFIX, /^[A-Za-z0-9_-]{1,40}$/, 'FLEET_MQTT_PREFIX'),
  smtpUrl: serviceUrl(env.FLEET_SMTP_URL, ['smtp:', 'smtps:'], 'FLEET_SMTP_URL'),
  mailFrom: env.FLEET_MAIL_FROM || 'Fleet Console <no-reply@fleet.local>',
  tilesFile: env.FLEET_TILES_FILE || null,
  notifyAttempts: Math.max(1, Math.min(20, int(env.FLEET_NOTIFY_ATTEMPTS, 6, 'FLEET_NOTIFY_ATTEMPTS'))),
  notifyRetryMs: (int(env.FLEET_NOTIFY_RETRY_S, 10, 'FLEET_NOTIFY_RETRY_S') || 10) * 1000,
  notifyLeaseMs: Math.max(10, int(env.FLEET_NOTIFY_LEASE_S, 60, 'FLEET_NOTIFY_LEASE_S') || 60) * 1000,
  historyBackfillH: Math.min(int(env.FLEET_HISTORY_BACKFILL_H, 24, 'FLEET_HISTORY_BACKFILL_H'), 24 * 31),
});
