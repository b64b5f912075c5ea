import { Type, type TSchema } from '@sinclair/typebox';

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export const ok = <T>(data: T, msg = 'success'): Envelope<T> => ({ code: 200, msg, data });

/** Response schema of an enveloped answer whose `data` follows `data`. */
export const enveloped = <T extends TSchema>(data: T) => Type.Object({ code: Type.Integer(), msg: Type.String(), data });

export const Failure = Type.Object({ code: Type.Integer(), msg: Type.String(), data: Type.Null() });

/** Every answer an API route may give: the success shape plus the failure envelope. */
export const answers = <T extends TSchema>(data: T) => ({
  200: enveloped(data),
  '4xx': Failure,
  '5xx': Failure,
});
