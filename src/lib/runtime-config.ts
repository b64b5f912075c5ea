// Deployment settings read at start-up from config.json beside index.html, so one build runs
// against any API without rebuilding.
import { RECONNECT_DELAYS_MS } from '../../streams/connection/connection';

export interface RuntimeConfig {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** Optional street tile server (`{z}/{x}/{y}` template); the offline basemap is used without it. */
  tileUrl: string;
  tileAttribution: string;
  /** REST time-out; the spec's 60 s unless a deployment needs otherwise. */
  requestTimeoutMs: number;
  /** How often a wall in kiosk mode sounds again while an alarm is unacknowledged. */
  alarmReminderMs: number;
  /** Waits before the socket's reconnect attempts, in milliseconds: 1 to 10 of them, each at most 10 minutes. */
  reconnectDelaysMs: number[];
}

const DEFAULTS: RuntimeConfig = {
  apiBase: '/api',
  clientId: 'fleet-console',
  clientSecret: 'fleet-console',
  tileUrl: '',
  tileAttribution: '',
  requestTimeoutMs: 60_000,
  alarmReminderMs: 30_000,
  reconnectDelaysMs: RECONNECT_DELAYS_MS,
};

const isDelayList = (value: unknown): value is number[] =>
  Array.isArray(value) &&
  value.length >= 1 &&
  value.length <= 10 &&
  value.every((delay) => typeof delay === 'number' && Number.isFinite(delay) && delay >= 0 && delay <= 600_000);

export async function loadRuntimeConfig(fetchConfig: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchConfig(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store' });
    if (!response.ok) return DEFAULTS;
    const loaded = (await response.json()) as Partial<RuntimeConfig>;
    return { ...DEFAULTS, ...pickKnown(loaded) };
  } catch {
    return DEFAULTS;
  }
}

function pickKnown(loaded: Partial<RuntimeConfig>): Partial<RuntimeConfig> {
  return Object.fromEntries(
    Object.entries(loaded).filter(
      ([key, value]) =>
        key in DEFAULTS && (Array.isArray(DEFAULTS[key as keyof RuntimeConfig]) ? isDelayList(value) : typeof value === typeof DEFAULTS[key as keyof RuntimeConfig]),
    ),
  );
}
