// Which rows a call may touch, declared per route (`config.scope`) beside its access rule and
// enforced for every route by one hook before its handler: a route names the row it acts on (404
// when it does not exist, 403 when it lies outside the caller's fleets), says that its list is
// narrowed to the caller's scope by its query, or says why no fleet row is involved. Each module
// defines how its rows are found and reached (`defineRowScope`); handlers read the checked row
// with `scopedRow` instead of calling a check of their own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../access/actor';
import type { ServerContext } from '../../server-context';
import { badRequest, forbidden, notFound } from './api-error';

type Source = 'query' | 'body';
type At = `${Source}.${string}`;

/** How a module's rows of one kind are found by id and whether a caller reaches one. */
export interface RowScope<T> {
  /** Its name in the scope matrix: vehicle, fleet, alarm… */
  kind: string;
  load(ctx: ServerContext, id: string): Promise<T | null | undefined> | T | null | undefined;
  reaches(ctx: ServerContext, actor: Actor, row: T, req: FastifyRequest): boolean | Promise<boolean>;
  /** The answers' texts: "Vehicle not found" (404), "No access to this vehicle" (403). */
  notFound: string;
  forbidden: string;
  /** For a list of ids: "unknown vehicle veh-1" (400 naming the field), "No access to vehicle veh-1" (403). */
  label?: string;
  /** The id alone is reached, no row is looked up (a fleet's issues outlive it): an unknown id is the handler's to answer. */
  idOnly?: true;
}

// A decision holds its row scope whatever its row type; `scopedRow` gives the row its type back.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyRowScope = RowScope<any>;

export type ScopeDecision =
  /** The row whose id the request carries at `at`: 404 when unknown (400 naming the field with `unknown: 'badRequest'`), 403 out of the caller's reach. */
  | { row: AnyRowScope; at: At; optional?: true; unknown?: 'badRequest' }
  /** Every row of a list of ids at `at`: 400 naming the first unknown id, 403 for the first out of reach. */
  | { rows: AnyRowScope; at: At }
  /** A rule over several fields (where a new vehicle goes): `run` throws the answer, or gives what the handler reads with `scopeChecked`. */
  | { check: string; run: (ctx: ServerContext, req: FastifyRequest) => Promise<unknown> }
  /** A list or count that the handler's query narrows to the caller's scope: how. */
  | { filtered: string }
  /** The caller's own session, account, share or board, or no fleet row at all: why. */
  | { unscoped: string };

export type ScopePolicy = ScopeDecision | ScopeDecision[];

/** A route's scope policy as a list of decisions. */
export const decisionsOf = (policy: ScopePolicy): ScopeDecision[] => [policy].flat();

export const scope = {
  row: <T>(row: RowScope<T>, at: At, options: { optional?: true; unknown?: 'badRequest' } = {}): ScopeDecision => ({ row, at, ...options }),
  rows: <T>(rows: RowScope<T>, at: At): ScopeDecision => ({ rows, at }),
  check: (name: string, run: (ctx: ServerContext, req: FastifyRequest) => Promise<unknown>): ScopeDecision => ({ check: name, run }),
  filtered: (how: string): ScopeDecision => ({ filtered: how }),
  unscoped: (why: string): ScopeDecision => ({ unscoped: why }),
};

declare module 'fastify' {
  interface FastifyContextConfig {
    scope?: ScopePolicy;
  }
  interface FastifyRequest {
    scopedRows: Map<string, unknown> | null;
  }
}

const valueAt = (req: FastifyRequest, at: At): unknown => {
  const [source, field] = at.split('.') as [Source, string];
  const holder = (source === 'query' ? req.query : req.body) as Record<string, unknown> | null | undefined;
  return holder && typeof holder === 'object' ? holder[field] : undefined;
};

const fieldOf = (at: At) => at.slice(at.indexOf('.') + 1);

/** The row, checked: unknown (404, or 400 naming the field) and out of reach (403) stop the call. */
const checkedRow = async (ctx: ServerContext, req: FastifyRequest, rowScope: AnyRowScope, id: string, unknown: 'notFound' | 'badRequest', field: string) => {
  const row: unknown = await rowScope.load(ctx, id);
  if (row === null || row === undefined) throw unknown === 'badRequest' ? badRequest(`${field}: ${rowScope.notFound}`) : notFound(rowScope.notFound);
  if (!(await rowScope.reaches(ctx, req.actor!, row, req))) throw forbidden(rowScope.forbidden);
  return row;
};

/** Each row of a list: the first unknown is a 400 naming it, the first out of reach a 403 naming it. */
const checkedRows = async (ctx: ServerContext, req: FastifyRequest, rowScope: AnyRowScope, ids: unknown, field: string) => {
  const label = rowScope.label ?? rowScope.kind;
  const rows: unknown[] = [];
  for (const id of Array.isArray(ids) ? ids.map(String) : []) {
    const row: unknown = await rowScope.load(ctx, id);
    if (row === null || row === undefined) throw badRequest(`${field}: unknown ${label} ${id}`);
    if (!(await rowScope.reaches(ctx, req.actor!, row, req))) throw forbidden(`No access to ${label} ${id}`);
    rows.push(row);
  }
  return rows;
};

const enforce = async (ctx: ServerContext, req: FastifyRequest, decision: ScopeDecision, rows: Map<string, unknown>) => {
  if ('row' in decision) {
    const id = valueAt(req, decision.at);
    if (id === undefined || id === null) {
      if (decision.optional) return;
      throw badRequest(`${fieldOf(decision.at)}: is required`);
    }
    rows.set(decision.at, await checkedRow(ctx, req, decision.row, String(id), decision.unknown ?? 'notFound', fieldOf(decision.at)));
  } else if ('rows' in decision) {
    rows.set(decision.at, await checkedRows(ctx, req, decision.rows, valueAt(req, decision.at), fieldOf(decision.at)));
  } else if ('check' in decision) {
    rows.set(decision.check, await decision.run(ctx, req));
  }
};

/**
 * Enforces every /api route's declared scope after its input is validated; a route without a
 * declaration is refused when it is registered, so none can be added without one.
 */
export const enforceScopePolicies = (api: FastifyInstance, ctx: ServerContext) => {
  api.decorateRequest('scopedRows', null);
  api.addHook('onRoute', (route) => {
    const policy = route.config?.scope;
    if (!policy) throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no scope policy`);
  });
  api.addHook('preHandler', async (req) => {
    const policy = req.routeOptions.config.scope;
    if (!policy || !req.actor) return;
    // Set first, so that a check sees the rows the decisions before it have checked.
    const rows = new Map<string, unknown>();
    req.scopedRows = rows;
    for (const decision of decisionsOf(policy)) await enforce(ctx, req, decision, rows);
  });
};

/** The row the route's scope policy checked at `at` (the route declares `scope.row(rowScope, at)`). */
export const scopedRow = <T>(req: FastifyRequest, rowScope: RowScope<T>, at: At): T => {
  const row = req.scopedRows?.get(at);
  if (row === undefined) throw new Error(`${req.routeOptions.url} declares no scoped ${rowScope.kind} at ${at}`);
  return row as T;
};

/** The row checked at `at`, or null when the request named none (`optional`). */
export const scopedRowIfAny = <T>(req: FastifyRequest, _rowScope: RowScope<T>, at: At): T | null => (req.scopedRows?.get(at) as T | undefined) ?? null;

/** The rows of a list checked at `at` (the route declares `scope.rows(rowScope, at)`). */
export const scopedRows = <T>(req: FastifyRequest, _rowScope: RowScope<T>, at: At): T[] => (req.scopedRows?.get(at) as T[] | undefined) ?? [];

/** What the route's `scope.check(name, …)` gave. */
export const scopeChecked = <T>(req: FastifyRequest, name: string): T => req.scopedRows?.get(name) as T;
