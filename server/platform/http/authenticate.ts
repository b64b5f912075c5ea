import type { FastifyRequest } from 'fastify';
import { isSuperAdmin, can } from '../../access/actor';
import { resolveActor } from '../../access/resolve-actor';
import { tokenHash } from '../auth/secrets';
import type { ServerContext } from '../../server-context';
import { forbidden, unauthorized } from './api-error';

const bearer = (req: FastifyRequest): string | null => {
  const h = req.headers.authorization;
  if (!h || !/^bearer /i.test(h)) return null;
  return h.slice(7).trim() || null;
};

/** onRequest hook: resolves the caller and enforces the route's `config.access`. */
export const authenticate = (ctx: ServerContext) => async (req: FastifyRequest) => {
  req.actor = null;
  if (req.routeOptions.url === undefined) return;
  const access = req.routeOptions.config.access ?? {};
  const token = bearer(req);
  if (token) {
    const session = await ctx.repo.sessions.byTokenHash(tokenHash(token));
    req.actor = await resolveActor(ctx.repo, session, ctx.now());
  }
  if (access.public) return;
  const actor = req.actor;
  if (!actor) throw unauthorized();
  if (actor.kind === 'share' && !access.share) throw forbidden('A shared view can only see its vehicle');
  if (actor.kind === 'display' && !access.display) throw forbidden('A wall display can only read its board');
  if ((access.testHook || access.superAdmin) && !isSuperAdmin(actor)) throw forbidden();
  // A share guest's routes limit it to its vehicle; a permission is about an account's role.
  if (access.permission && actor.kind === 'user' && !can(actor, access.permission)) throw forbidden('Your role does not allow this');
  if (actor.kind === 'display') ctx.displaySeen.note(actor.display.id, req.ip);
};
