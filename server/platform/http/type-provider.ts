import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyTypeProvider } from 'fastify';

/** Lets route handlers infer body/query/params types from the same TypeBox schemas that validate them. */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}
