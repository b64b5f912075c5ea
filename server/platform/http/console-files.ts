// The built console under the server's root: its files, and index.html for every other address
// outside the API, where the console's own router shows the page, the sign-in or its 404.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorHandler } from './error-handler';

// A source map hands out the console's whole source: none is served, even if a build left one
// (an encoded name such as `app.js%2Emap` is refused by the file server and gets the console).
const isSourceMap = (path: string) => path.toLowerCase().endsWith('.map');

export async function serveConsoleFiles(app: FastifyInstance, staticDir: string): Promise<void> {
  const root = resolve(staticDir);
  const sendConsole = (req: FastifyRequest, reply: FastifyReply): boolean => {
    const path = req.url.split('?')[0] ?? '';
    // HEAD answers wherever GET does, without the body (the file server leaves it out).
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    if (path.startsWith('/api/') || path === '/api' || isSourceMap(path) || !existsSync(resolve(root, 'index.html'))) return false;
    void reply.type('text/html').sendFile('index.html', root);
    return true;
  };

  if (existsSync(root)) {
    await app.register(async (files) => {
      // The file server refuses a non-canonical path (`//host/page`, `/a//b`) with a 403 so that no
      // file is served past a route its router did not match; such an address names no file, and a
      // browser opening it must still get the console.
      files.setErrorHandler<FastifyError>((error, req, reply) => {
        if (error.code === 'FST_STATIC_FORBIDDEN_PATH' && sendConsole(req, reply)) return reply;
        return errorHandler(error, req, reply);
      });
      await files.register(fastifyStatic, { root, wildcard: true, allowedPath: (path) => !isSourceMap(path) });
    });
  }
  app.setNotFoundHandler((req, reply) => {
    if (sendConsole(req, reply)) return reply;
    return reply.code(404).send({ code: 404, msg: 'Unable to find webpage!', data: null });
  });
}
