import type { FastifyRequest } from 'fastify';
import type { ServerConfig } from '../../config';

/** A host name or bracketed IPv6 address with an optional port; anything else is not a host. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin clients reach this server at, for the addresses it hands out (the token's `ws`, share
 * links): FLEET_PUBLIC_URL; else, with FLEET_TRUST_PROXY=1, the proxy's X-Forwarded-Host and -Proto;
 * else the listening address. Never the request's own Host header: any client can forge it.
 */
export const publicOrigin = (req: FastifyRequest, config: Pick<ServerConfig, 'publicUrl' | 'trustProxy'>, listeningOrigin: () => string): string => {
  if (config.publicUrl) return config.publicUrl;
  // With trustProxy, Fastify's host and protocol come from the X-Forwarded-* headers.
  if (config.trustProxy && req.headers['x-forwarded-host'] && HOST.test(req.host)) {
    return `${req.protocol === 'https' ? 'https' : 'http'}://${req.host}`;
  }
  return listeningOrigin();
};

/**
 * A console page's address at the public origin, for the links people copy: share links, wall
 * display links and playlist links all come from here, so they name the same host.
 */
export const consoleLink = (origin: string, path: string, query: Record<string, string>): string => `${origin}${path}?${new URLSearchParams(query)}`;
