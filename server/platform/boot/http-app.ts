import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifySchema } from 'fastify';
import { authenticate } from '../http/authenticate';
import { consoleConfigFile } from '../http/console-config-file';
import { serveConsoleFiles } from '../http/console-files';
import { corsHook } from '../http/cors';
import { errorHandler } from '../http/error-handler';
import { requestValidatorCompiler } from '../http/request-validation';
import { registerSecurityHeaders } from '../http/security-headers';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FIELD_BYTES, MAX_UPLOAD_FIELDS } from '../http/upload-limits';
import { TRANSPORT_MAX_INBOUND_BYTES } from '../../hub/socket-hub';
import { registerApiRoutes } from '../http/api-routes';
import { enforceScopePolicies, scope, type ScopePolicy } from '../http/scope-policy';
import type { RouteAccess } from '../http/route-access';
import type { ServerContext } from '../../server-context';

/** A route as registered, with its declared access rule and scope policy (read by the role and scope matrix). */
export interface RegisteredRoute {
  method: string;
  url: string;
  access: RouteAccess | undefined;
  scope: ScopePolicy | undefined;
  schema: FastifySchema | undefined;
}

/** The console sends `Content-Type: application/json` on every call, also on DELETE and bodiless POSTs. */
const acceptBodies = (app: FastifyInstance) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error('body: invalid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
};

/**
 * Mounts the API under /api (signed-in by default, each route's access declared in its config), its
 * OpenAPI document, uploads, the socket, and the built console. Answers every route registered.
 */
export const mountHttp = async (app: FastifyInstance, ctx: ServerContext): Promise<RegisteredRoute[]> => {
  const { config } = ctx;
  await registerSecurityHeaders(app, consoleConfigFile(config.staticDir), ctx.publicOrigin);
  if (config.corsOrigins.length > 0) app.addHook('onRequest', corsHook(config.corsOrigins));
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url, access: route.config?.access, scope: route.config?.scope, schema: route.schema });
  });
  app.decorateRequest('actor', null);
  app.setErrorHandler(errorHandler);
  app.setValidatorCompiler(requestValidatorCompiler);
  acceptBodies(app);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Fleet Console API', version: '2.0.1', description: 'Reference product API of Fleet Console' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: MAX_UPLOAD_FIELDS, fieldSize: MAX_UPLOAD_FIELD_BYTES, parts: MAX_UPLOAD_FIELDS + 1 },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: TRANSPORT_MAX_INBOUND_BYTES } });
  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate(ctx));
      enforceScopePolicies(api, ctx);
      // @fastify/websocket hides upgrade routes from the document; the socket is part of the API, so list it.
      api.addHook('onRoute', (route) => {
        if (route.websocket && route.schema) route.schema.hide = false;
        // Public calls need no bearer token; say so in the document.
        if (route.config?.access?.public && route.schema) (route.schema as { security?: unknown[] }).security = [];
      });
      registerApiRoutes(api, ctx);
      api.get('/docs', { schema: { hide: true }, config: { access: { public: true }, scope: scope.unscoped('the API document') } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );
  await serveConsoleFiles(app, config.staticDir);
  return routes;
};
