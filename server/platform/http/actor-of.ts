import type { FastifyRequest } from 'fastify';
import type { Actor, Viewer } from '../../access/actor';
import { forbidden, unauthorized } from './api-error';

export const actorOf = (req: FastifyRequest): Actor => {
  if (!req.actor) throw unauthorized();
  return req.actor;
};

export const accountOf = (req: FastifyRequest): Extract<Actor, { kind: 'user' }> => {
  const actor = actorOf(req);
  if (actor.kind !== 'user') throw forbidden('A shared view can only see its vehicle');
  return actor;
};

/** An account or a wall display: a caller that sees vehicles through a scope. */
export const viewerOf = (req: FastifyRequest): Viewer => {
  const actor = actorOf(req);
  if (actor.kind === 'share') throw forbidden('A shared view can only see its vehicle');
  return actor;
};
