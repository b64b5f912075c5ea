// Deployment settings read at start-up from config.json beside index.html, so one build runs
// against any API without rebuilding.

export interface RuntimeConfig {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** Optional street tile server (`{z}/{x}/{y}` template); the offline basemap is used without it. */
  tileUrl: string;
  tileAttribution: string;
}

const DEFAULTS: RuntimeConfig = {
  apiBase: '/api',
  clientId: 'fleet-console',
  clientSecret: 'fleet-console',
  tileUrl: '',
  tileAttribution: '',
};

export async function loadRuntimeConfig(fetchConfig: typeof fetch = fetch): Promise<RuntimeConfig> {
  try {
    const response = await fetchConfig(`${import.meta.env.BASE_URL}config.json`, { cache: 'no-store' });
    if (!response.ok) return DEFAULTS;
    const loaded = (await response.json()) as Partial<RuntimeConfig>;
    return { ...DEFAULTS, ...pickStrings(loaded) };
  } catch {
    return DEFAULTS;
  }
}

function pickStrings(loaded: Partial<RuntimeConfig>): Partial<RuntimeConfig> {
  return Object.fromEntries(
    Object.entries(loaded).filter(([key, value]) => key in DEFAULTS && typeof value === 'string'),
  );
}
