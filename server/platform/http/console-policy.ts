// The Content-Security-Policy of the console. It depends on where the console connects: its own
// host (REST and websocket), an API on another origin (config.json `apiBase`) and an optional street
// tile server (config.json `tileUrl`).

/** The parts of the console's config.json that widen the policy. */
export interface ConsoleOrigins {
  apiBase?: string;
  tileUrl?: string;
}

/** The origin the page was requested on, as its browser sees it. */
export interface PageOrigin {
  host: string | undefined;
  https: boolean;
  /** The origin the server hands out for the websocket (FLEET_PUBLIC_URL or the listening address). */
  handedOut?: string;
}

const HOST_SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9.-]+(:\d+)?$/i;

/** Directives in @fastify/helmet's form (camel-cased names, one array of sources each). */
export function consoleDirectives(page: PageOrigin, origins: ConsoleOrigins): Record<string, string[]> {
  const sockets = [
    ...new Set([page.host && `${page.https ? 'wss' : 'ws'}://${page.host}`, page.handedOut?.replace(/^http/, 'ws'), ...apiSources(origins.apiBase)]),
  ].filter(isHostSource);
  const tiles = tileSources(origins.tileUrl);
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'none'"],
    scriptSrc: ["'self'"],
    scriptSrcAttr: ["'none'"],
    // Chakra (emotion) adds <style> elements at run time and Leaflet and uPlot place things with style
    // attributes; neither can carry a nonce from a static index.html. Styles cannot run code; scripts stay strict.
    styleSrc: ["'self'", "'unsafe-inline'"],
    // data: for the marker and layer images inlined in Leaflet's stylesheet; the API's origin for its offline tiles.
    imgSrc: ["'self'", 'data:', ...tiles, ...apiSources(origins.apiBase).filter((source) => isHostSource(source) && source.startsWith('http'))],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...sockets, ...tiles],
    workerSrc: ["'self'"],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  };
}

// A request's Host header and config.json are not trusted to stay within one source expression.
function isHostSource(source: string | undefined): source is string {
  return source !== undefined && HOST_SOURCE.test(source);
}

/** An API on another origin, and its websocket on the same host. A relative `apiBase` is 'self'. */
function apiSources(apiBase: string | undefined): string[] {
  if (!apiBase || !/^https?:\/\//i.test(apiBase)) return [];
  try {
    const { origin } = new URL(apiBase);
    return [origin, origin.replace(/^http/, 'ws')];
  } catch {
    return [];
  }
}

/**
 * The tile server's origin. Placeholders in its host (`https://{s}.tile.example.org/…`) become a
 * wildcard for the labels up to the last one holding a placeholder.
 */
function tileSources(tileUrl: string | undefined): string[] {
  const match = /^(https?:\/\/)([^/?#]+)/i.exec(tileUrl ?? '');
  if (!match) return [];
  const scheme = match[1]!;
  const authority = match[2]!;
  const labels = authority.split('.');
  const lastPlaceholder = labels.findLastIndex((label) => label.includes('{'));
  const host = lastPlaceholder === -1 ? authority : `*.${labels.slice(lastPlaceholder + 1).join('.')}`;
  const source = `${scheme}${host}`;
  return isHostSource(source) && !/^\*\.[^.]*$/.test(host) ? [source] : [];
}
