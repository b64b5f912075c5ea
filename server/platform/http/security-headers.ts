import type { IncomingMessage } from 'node:http';
import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { consoleDirectives, type ConsoleOrigins } from './console-policy';

const HSTS = `max-age=${365 * 24 * 3600}; includeSubDomains`;

/**
 * Security headers on every answer (pages, static files, API answers, errors, the 404 fallback):
 * the console's Content-Security-Policy, no framing, nosniff, no referrer, and HSTS when the request
 * came over https (directly, or through a trusted proxy's X-Forwarded-Proto). Shared by every server
 * that serves the console; register it before any hook that may answer early.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  consoleOrigins: () => ConsoleOrigins,
  handedOutOrigin?: (request: FastifyRequest) => string,
): Promise<void> {
  // The policy depends on the request as Fastify sees it (host and protocol through a trusted proxy),
  // which helmet's per-request directive values, called with the raw request, cannot see.
  const policies = new WeakMap<IncomingMessage, Record<string, string[]>>();
  app.addHook('onRequest', async (request, reply) => {
    const https = request.protocol === 'https';
    policies.set(request.raw, consoleDirectives({ host: request.host, https, handedOut: handedOutOrigin?.(request) }, consoleOrigins()));
    if (https) reply.header('strict-transport-security', HSTS);
  });
  const names = Object.keys(consoleDirectives({ host: undefined, https: false }, {}));
  const directives = Object.fromEntries(names.map((name) => [name, [(request: IncomingMessage) => policies.get(request)?.[name]?.join(' ') ?? "'none'"]]));
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
  });
}
