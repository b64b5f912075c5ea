import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { resolveActor } from '../access/resolve-actor';
import type { Actor } from '../access/actor';
import { scope } from '../platform/http/scope-policy';
import type { TypeBoxProvider } from '../platform/http/type-provider';
import type { ServerContext } from '../server-context';

declare module 'fastify' {
  interface FastifyRequest {
    socketActor?: Actor | null;
  }
}

/** The live socket; the session key in the address is the only credential. */
export const registerSocketRoute = (app: FastifyInstance, ctx: ServerContext) => {
  app.withTypeProvider<TypeBoxProvider>().get(
    '/ws/:sessionKey',
    {
      websocket: true,
      config: { access: { public: true }, scope: scope.unscoped("public: the session key is the credential; the hub narrows each socket to its session's scope") },
      schema: {
        tags: ['socket'],
        summary: 'Websocket upgrade for the session key in the token response `ws` address (frames: contract)',
        params: Type.Object({ sessionKey: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }) }),
      },
      preValidation: async (req, reply) => {
        if (ctx.hub.refuseUpgrades) {
          await reply.code(503).send({ code: 500, msg: 'Websocket upgrades are refused (test hook)', data: null });
          return;
        }
        const { sessionKey } = req.params as { sessionKey: string };
        req.socketActor = await resolveActor(ctx.repo, await ctx.repo.sessions.byWsKey(sessionKey), ctx.now());
      },
    },
    (socket, req) => {
      const actor = req.socketActor;
      if (!actor) {
        socket.close(4401, 'Invalid session, or session has expired');
        return;
      }
      ctx.hub.attach(socket, req.params.sessionKey, actor);
      if (actor.kind === 'display') {
        const seen = () => ctx.displaySeen.note(actor.display.id, req.ip);
        seen();
        socket.on('message', seen);
      }
    },
  );
};
