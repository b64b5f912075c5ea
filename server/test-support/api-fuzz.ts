import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { session } from './api-client';
import { watchDatabaseWrites } from './database-writes';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from './test-server';
import { type Schema, validValue } from './valid-input';

// Every operation of the OpenAPI document, called as super.admin with one parameter or body property
// at a time replaced by a wrong value: missing, wrong type, out of range, oversized, control
// characters, broken unicode, and a few seeded random values. No answer may be a 5xx, and a
// rejected call may not commit anything to the database. The operations are dealt out to a few
// test files, each on a server of its own, so that they run side by side: the calls go one after
// another (a write must be traced to the call that made it), and on PostgreSQL they mostly wait
// on round trips.

const SEED = 20_261_123;

interface Parameter {
  in: 'query' | 'path';
  name: string;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Call {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: Record<string, unknown>;
}

const MISSING = Symbol('missing');
const TEXT_MISTAKES = ['', '   ', 'a\u0000b', '\u001b[31m', 'a\u0085', '\ud800', 'x\udfff', 'Van\u202eflow', '\u200b'];
/** Names of JavaScript object members, which a lookup by key must not find on an object's prototype. */
const MEMBER_NAMES = ['toString', 'constructor', '__proto__', 'valueOf', 'hasOwnProperty'];
/** Seeded random values tried on every field besides the listed mistakes. */
const RANDOM_PER_FIELD = 3;

/** Wrong values for a body property of this schema: the usual mistakes, then random JSON. */
const wrongBodyValues = (s: Schema, seed: number): unknown[] => [
  MISSING,
  null,
  true,
  0,
  -1,
  0.5,
  1e308,
  -1e308,
  [],
  {},
  'x'.repeat((s.maxLength ?? 64) + 1),
  ...[s.maximum, s.minimum].filter((x): x is number => x !== undefined).flatMap((x) => [x + 1, x - 1, String(x)]),
  ...(s.maxItems === undefined ? [] : [Array.from({ length: s.maxItems + 1 }, (_, i) => `item-${i}`)]),
  ...TEXT_MISTAKES,
  ...MEMBER_NAMES,
  ...fc.sample(fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'binary', maxLength: 30 })), { seed, numRuns: RANDOM_PER_FIELD }),
];

/** Wrong values for a query or path parameter, which arrive as text. */
const wrongTexts = (s: Schema, seed: number): Array<string | typeof MISSING> => [
  MISSING,
  'Infinity',
  '-Infinity',
  'NaN',
  '1e308',
  '99999999999999999999',
  '-1',
  '0.5',
  'true',
  'null',
  'x'.repeat((s.maxLength ?? 64) + 1),
  ...TEXT_MISTAKES,
  ...MEMBER_NAMES,
  ...fc.sample(fc.string({ unit: 'binary', maxLength: 30 }), { seed, numRuns: RANDOM_PER_FIELD }),
];

/** Calls of one operation, each with one field wrong, plus an unknown field and a junk body. */
const callsOf = (method: string, path: string, op: Operation, seed: number): Call[] => {
  const tag = `${method}${path}`.replace(/[^a-z]+/gi, '-').toLowerCase();
  const params = op.parameters ?? [];
  const bodySchema = op.requestBody?.content['application/json']?.schema;
  const pathValues = Object.fromEntries(params.filter((p) => p.in === 'path').map((p) => [p.name, String(validValue(tag, p.name, p.schema))]));
  // A URL carries UTF-8, which has no lone surrogates: they arrive as U+FFFD, as from a browser.
  const segment = (value: string) => encodeURIComponent(value.replace(/[\ud800-\udfff]/gu, '\ufffd'));
  const withPath = (values: Record<string, string>) => path.replace(/\{(\w+)\}/g, (_, name: string) => segment(values[name] ?? ''));
  const valid: Call = {
    method,
    path: withPath(pathValues),
    query: Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, String(validValue(tag, p.name, p.schema))])),
    ...(bodySchema ? { body: validValue(tag, 'body', bodySchema) as Record<string, unknown> } : {}),
  };
  const [junk, junkBody] = fc.sample(fc.jsonValue({ maxDepth: 2 }), { seed, numRuns: 2 });
  return [
    ...params.flatMap((p, i) =>
      wrongTexts(p.schema, seed + i).map((value): Call => {
        if (p.in === 'path') return { ...valid, path: withPath({ ...pathValues, [p.name]: value === MISSING ? '' : value }) };
        const { [p.name]: _, ...rest } = valid.query;
        return { ...valid, query: value === MISSING ? rest : { ...rest, [p.name]: value } };
      }),
    ),
    ...Object.entries(bodySchema?.properties ?? {}).flatMap(([name, s], i) =>
      wrongBodyValues(s, seed + params.length + i).map((value): Call => {
        const { [name]: _, ...rest } = valid.body ?? {};
        return { ...valid, body: value === MISSING ? rest : { ...rest, [name]: value } };
      }),
    ),
    { ...valid, body: { ...valid.body, unknownField: junk } },
    { ...valid, body: junkBody as Record<string, unknown> },
  ];
};

/** Registers the fuzz of every `shards`-th operation of the document, from the `shard`-th (0-based). */
export const fuzzOperations = (shard: number, shards: number): void => {
  let t: TestServer;
  let token: string;
  let operations: Array<[index: number, method: string, path: string, op: Operation]>;

  beforeAll(async () => {
    // Pre-alarm rules the fuzz creates would be evaluated (and their states written) every 30 s, which a
    // slow run mistakes for a write by a rejected call.
    t = await startTestServer({ testHooks: false, prealarmEvaluationS: 86_400 });
    token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
    const doc = (await (await fetch(`${t.url}/api/docs`)).json()) as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths)
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [method.toUpperCase(), path, op] as const))
      .map(([method, path, op], index) => [index, method, path, op] as [number, string, string, Operation])
      .filter(([index]) => index % shards === shard);
  });
  afterAll(() => t.stop());

  const send = async (call: Call): Promise<{ status: number; text: string }> => {
    const query = new URLSearchParams(call.query).toString();
    const res = await fetch(`${t.url}${call.path}${query ? `?${query}` : ''}`, {
      method: call.method,
      headers: { authorization: `Bearer ${token}`, ...(call.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      ...(call.body !== undefined && call.method !== 'GET' ? { body: JSON.stringify(call.body) } : {}),
    });
    return { status: res.status, text: await res.text() };
  };

  it('answers every documented operation with wrong input without a 5xx, and a rejected call writes nothing', { timeout: 240_000 }, async () => {
    expect(operations.length).toBeGreaterThan(50 / shards);
    const writes = await watchDatabaseWrites(t.config);
    let cases = 0;
    // Whether the database was looked at since the last call: a rejected call's check looks right
    // after its answer, and that look is the next call's starting point too (one query per look on
    // PostgreSQL, and most calls are rejected).
    let looked = false;
    try {
      for (const [i, method, path, op] of operations) {
        for (const call of callsOf(method, path, op, SEED + 1000 * i)) {
          cases++;
          if (!looked) await writes.changed();
          looked = false;
          let answer = await send(call);
          // An earlier case may have signed the super admin out (logout): sign in again and repeat.
          if (answer.status === 401) {
            token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
            await writes.changed();
            answer = await send(call);
          }
          const what = `${JSON.stringify(call)} → ${answer.status} ${answer.text.slice(0, 200)}`;
          expect(answer.status, what).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(await writes.changed(), what).toEqual([]);
            looked = true;
          }
        }
      }
    } finally {
      await writes.close();
    }
    expect(cases).toBeGreaterThan(3000 / shards);
  });
};
