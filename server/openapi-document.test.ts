import Ajv from 'ajv';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-support/test-server';

// The official OpenAPI 3.0 meta-schema cannot be fetched here, so this checks the structural rules
// tools rely on: version, info, path templates with declared path parameters, operations with
// responses and unique ids, parameters with a location and a schema, JSON-schema bodies.
const OPENAPI_RULES = {
  type: 'object',
  required: ['openapi', 'info', 'paths'],
  properties: {
    openapi: { type: 'string', pattern: '^3\\.0\\.\\d+$' },
    info: { type: 'object', required: ['title', 'version'], properties: { title: { type: 'string' }, version: { type: 'string' } } },
    paths: {
      type: 'object',
      propertyNames: { pattern: '^/' },
      additionalProperties: {
        type: 'object',
        propertyNames: { enum: ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'parameters', 'summary', 'description'] },
        additionalProperties: {
          type: 'object',
          required: ['responses'],
          properties: {
            responses: { type: 'object', minProperties: 1, propertyNames: { pattern: '^([1-5][0-9X]{2}|default)$' } },
            parameters: {
              type: 'array',
              items: {
                type: 'object',
                required: ['name', 'in', 'schema'],
                properties: { in: { enum: ['query', 'header', 'path', 'cookie'] }, name: { type: 'string', minLength: 1 } },
                if: { properties: { in: { const: 'path' } } },
                then: { required: ['required'], properties: { required: { const: true } } },
              },
            },
            requestBody: {
              type: 'object',
              required: ['content'],
              properties: { content: { type: 'object', additionalProperties: { type: 'object', required: ['schema'] } } },
            },
          },
        },
      },
    },
  },
};

let t: TestServer;
let doc: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown>; parameters?: Array<{ in: string; name: string }> }>> };

beforeAll(async () => {
  t = await startTestServer();
  doc = await (await fetch(`${t.url}/api/docs`)).json();
});
afterAll(() => t.stop());

it('is a structurally valid OpenAPI 3.0 document', () => {
  const ajv = new Ajv({ allErrors: true, strict: false });
  const valid = ajv.validate(OPENAPI_RULES, doc);
  expect(ajv.errors ?? []).toEqual([]);
  expect(valid).toBe(true);
  for (const [path, ops] of Object.entries(doc.paths)) {
    const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const op of Object.values(ops)) {
      const declared = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(declared.sort(), path).toEqual(templated.sort());
    }
  }
});

it('marks public calls as needing no bearer token', () => {
  const ops = doc.paths as unknown as Record<string, Record<string, { security?: unknown[] }>>;
  expect(ops['/api/oauth/token']?.post?.security).toEqual([]);
  expect(ops['/api/customization/share/v1/get/info']?.get?.security).toEqual([]);
  expect(ops['/api/customization/user/v1/query/info']?.get?.security).toBeUndefined();
});

it('lists every API route the server registered, and nothing else', () => {
  const registered = t.server.routes
    .filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && r.url !== '/api/docs')
    .map((r) => `${r.method.toLowerCase()} ${r.url.replace(/:(\w+)/g, '{$1}')}`)
    .sort();
  const documented = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m} ${path}`))
    .sort();
  expect(documented).toEqual(registered);
  expect(registered.length).toBeGreaterThan(50);
});

type JsonSchema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

/** Where a request value is unbounded: strings without a length and a character rule, numbers without a range, lists without a size. */
const unbounded = (s: JsonSchema, at: string): string[] => {
  if (s.const !== undefined || s.enum) return [];
  if (s.anyOf) return s.anyOf.flatMap((x) => unbounded(x, at));
  switch (s.type) {
    case 'string':
      return s.maxLength !== undefined && (s.pattern || s.format) ? [] : [at];
    case 'number':
    case 'integer':
      return s.minimum !== undefined && s.maximum !== undefined ? [] : [at];
    case 'array':
      return [...(s.maxItems === undefined ? [at] : []), ...unbounded(s.items ?? {}, `${at}[]`)];
    case 'object':
      return Object.entries(s.properties ?? {}).flatMap(([k, v]) => unbounded(v, `${at}.${k}`));
    case 'boolean':
    case 'null':
      return [];
    default:
      return [at];
  }
};

it('bounds every query parameter and body property, so a client mistake is a 400 and not a failure further in', () => {
  const ops = doc.paths as unknown as Record<
    string,
    Record<string, { parameters?: Array<{ in: string; name: string; schema: JsonSchema }>; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>
  >;
  const found = Object.entries(ops).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).flatMap(([method, op]) => [
      ...(op.parameters ?? []).flatMap((p) => unbounded(p.schema, `${method} ${path} ${p.in}.${p.name}`)),
      ...Object.values(op.requestBody?.content ?? {}).flatMap((c) => unbounded(c.schema, `${method} ${path} body`)),
    ]),
  );
  expect(found).toEqual([]);
});
