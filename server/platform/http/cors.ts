import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * CORS for consoles served from another origin (config.json pointing at this API). Bearer tokens,
 * no cookies, so no credentials mode. `*` allows every origin.
 */
export const corsHook = (origins: string[]) => async (req: FastifyRequest, reply: FastifyReply) => {
  const origin = req.headers.origin;
  if (!origin || !req.url.startsWith('/api/')) return;
  if (!origins.includes('*') && !origins.includes(origin)) return;
  reply.header('access-control-allow-origin', origins.includes('*') ? '*' : origin);
  reply.header('vary', 'Origin');
  if (req.method === 'OPTIONS') {
    reply.header('access-control-allow-methods', 'GET, POST, PUT, DELETE');
    reply.header('access-control-allow-headers', 'Authorization, Content-Type, Accept-Language');
    reply.header('access-control-max-age', '600');
    return reply.code(204).send();
  }
};
