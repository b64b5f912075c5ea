// A value each field of a request schema accepts, for tests that call every route with one thing
// wrong (the API fuzz) or one row changed (the scope matrix): ids name rows of the seeded fleet.
import fc from 'fast-check';

/** The parts of a JSON schema (TypeBox's, or the OpenAPI document's) the values follow. */
export interface Schema {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  default?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

const SEED = 20_261_123;

/** Ids of the seeded demo fleet, so that a call with one wrong field still reaches the records it names. */
export const SEEDED: Record<string, unknown> = {
  vehicleId: 'veh-00001',
  vehicleIds: ['veh-00001'],
  fleetId: 'fleet-1',
  subFleetId: 'fleet-1-sub-1',
  depotId: 'fleet-1-depot-1',
  managerId: 'user-admin',
  serviceEngineerId: 'user-admin',
};

const first = <T>(arb: fc.Arbitrary<T>): T => fc.sample(arb, { seed: SEED, numRuns: 1 })[0] as T;

/**
 * A value the schema accepts. Addresses differ per operation (`tag`): a wrong verification code for
 * an address that was sent one counts an attempt, a write that is meant to happen.
 */
export const validValue = (tag: string, name: string, s: Schema): unknown => {
  if (name in SEEDED) return SEEDED[name];
  if (s.default !== undefined) return s.default;
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.anyOf) return validValue(tag, name, s.anyOf[0]!);
  switch (s.type) {
    case 'string': {
      if (s.format === 'email') return `fuzz.${tag}@fleet.test`;
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      const fits = (x: string) => x.length >= (s.minLength ?? 0) && x.length <= (s.maxLength ?? Infinity) && (!s.pattern || new RegExp(s.pattern, 'u').test(x));
      const plain = ['Fuzz', 'Fuzz#123', '000000', 'fuzz', 'f'.repeat(s.minLength ?? 1)].find(fits);
      return plain ?? first(fc.stringMatching(new RegExp(s.pattern ?? '.*')).filter(fits));
    }
    case 'integer':
    case 'number':
      return s.minimum ?? 0;
    case 'boolean':
      return false;
    case 'array':
      return s.minItems ? [validValue(tag, name, s.items ?? {})] : [];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, validValue(tag, k, v)]));
    default:
      return null;
  }
};
