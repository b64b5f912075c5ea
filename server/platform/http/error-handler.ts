import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { StorageConflict } from '../database/storage-conflict';
import { ApiError } from './api-error';

const fieldOf = (e: FastifyError): string => {
  const first = e.validation?.[0];
  if (!first) return e.validationContext ?? 'request';
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const additional = (first.params as { additionalProperty?: string }).additionalProperty;
  return [path, missing ?? additional].filter(Boolean).join('.') || (e.validationContext ?? 'request');
};

const MiB = 1024 * 1024;
const size = (bytes: number) => (bytes % MiB === 0 ? `${bytes / MiB} MB` : `${Math.floor(bytes / 1024)} KB`);

/** Every failure becomes an envelope; client mistakes are 400s naming the field, never 500s. */
export const errorHandler = (error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) => {
  if (error instanceof ApiError) {
    return reply.code(error.code === 300 ? 200 : error.code).send({ code: error.code, msg: error.message, data: error.data });
  }
  if (error instanceof StorageConflict) return reply.code(400).send({ code: 400, msg: error.message, data: null });
  const fe = error as FastifyError;
  if (fe.validation) {
    const field = fieldOf(fe);
    const first = fe.validation[0];
    const msg = `${field}: ${first?.message ?? 'invalid'}`;
    return reply.code(400).send({ code: 400, msg, data: null });
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return reply.code(400).send({ code: 400, msg: `body: too large, at most ${size(request.routeOptions.bodyLimit)}`, data: null });
  const status = fe.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 401 || status === 403 || status === 404 ? status : 400;
    return reply.code(code).send({ code, msg: fe.message, data: null });
  }
  request.log.error(error);
  return reply.code(500).send({ code: 500, msg: 'System exception, please contact the administrator', data: null });
};
