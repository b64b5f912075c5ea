import type { Static, TSchema } from '@sinclair/typebox';
import { type Observable, Subject, distinctUntilChanged, filter, isObservable, of } from 'rxjs';
import { type Loadable, type Poll, type RetryPolicy, loadable$ } from './loadable';
import type { Page, Query, RestClient } from '../../contract/api/types';

export const DEFAULT_PAGE_SIZE = 20;
/** The largest page the server serves (docs/api.md); exports read the whole list in such pages. */
export const MAX_PAGE_SIZE = 500;
/** One page of every row, as name lookups read fleets, sub-fleets and depots. */
export const ALL_NAMES_PAGE = { pageNum: 1, pageSize: MAX_PAGE_SIZE } as const;

/** One page of a collection: the contract's paging, a sort key and the collection's own filters. */
export interface ListQuery {
  pageNum?: number;
  pageSize?: number;
  sort?: string;
  filters?: Query;
}

export interface ResourceSpec<Row extends TSchema, Detail extends TSchema> {
  /** Names the resource for `refreshes` of other resources. */
  name: string;
  /** `/customization/<entity>/v1`: the designed calls hang below it (docs/api.md). */
  base: string;
  /** The query parameter naming one row in `get/detail` and `delete/single`, e.g. `alarmId`. */
  idParam: string;
  /** The schemas the server answers with; the resource's types come from them. */
  schemas: { row: Row; detail: Detail };
  /** Other resources whose lists change when this one is written (counts, names). */
  refreshes?: readonly string[];
  /** The list filter `lookup` searches with: `name` (contains) unless the list searches more (`search`). */
  lookupParam?: string;
}

/** Where a collection's pages are read, below its `base`. */
export const listPath = (base: string): string => `${base}/query/list`;

/** The rows a picker offers for what is typed: one small page of the list's own search. */
export const LOOKUP_PAGE_SIZE = 20;

/** `Create` and `Update` are the bodies of the designed writes (entity-writes.ts); left out, the resource is read-only. */
export interface Resource<Row, Detail = Row, Create = never, Update = never> {
  list$(query: ListQuery | Observable<ListQuery>, options?: { poll?: Poll<Page<Row>, ListQuery> }): Observable<Loadable<Page<Row>>>;
  /** Every row matching the query's sort and filters, across all pages (exports). */
  listAll(query: ListQuery): Promise<Row[]>;
  get$(id: string, options?: { poll?: Poll<Detail> }): Observable<Loadable<Detail>>;
  /**
   * The first rows whose name (or the list's own search) contains `search`, within `filters`: what a
   * picker offers as someone types, so any row of a large collection can be chosen.
   */
  lookup(search: string, filters?: Query, signal?: AbortSignal): Promise<Row[]>;
  create(input: Create): Promise<Detail>;
  update(input: Update): Promise<Detail>;
  /** `options` go along in the query, e.g. `moveTo` for where a deleted fleet's vehicles go. */
  remove(id: string, options?: Query): Promise<void>;
  /** Reloads every open list and detail of this resource. */
  refresh(): void;
  /** Emits after each write or refresh of this resource, for reads that summarise it (counts). */
  changes$: Observable<string>;
}

export type ResourceOf<S extends ResourceSpec<TSchema, TSchema>> = Resource<Static<S['schemas']['row']>, Static<S['schemas']['detail']>, object, object>;

function listParams(query: ListQuery): Query {
  return { ...query.filters, pageNum: query.pageNum ?? 1, pageSize: query.pageSize ?? DEFAULT_PAGE_SIZE, sort: query.sort };
}

const sameQuery = (a: ListQuery, b: ListQuery): boolean => JSON.stringify(listParams(a)) === JSON.stringify(listParams(b));

/** Builds resources that share one API client, one retry policy and one bus of writes. */
export function createResourceFactory(api: RestClient, retry: RetryPolicy) {
  const written$$ = new Subject<string>();

  return function createResource<S extends ResourceSpec<TSchema, TSchema>>(spec: S): ResourceOf<S> {
    type Row = Static<S['schemas']['row']>;
    type Detail = Static<S['schemas']['detail']>;
    const refresh$ = written$$.pipe(filter((name) => name === spec.name));
    const touched = [spec.name, ...(spec.refreshes ?? [])];
    const wrote = <T>(answer: T): T => {
      for (const name of touched) written$$.next(name);
      return answer;
    };

    return {
      list$: (query, options = {}) =>
        loadable$(
          (isObservable(query) ? query : of(query)).pipe(distinctUntilChanged(sameQuery)),
          (q, signal) => api.get<Page<Row>>(listPath(spec.base), listParams(q), { signal }),
          { retry, refresh$, poll: options.poll },
        ),
      listAll: async (query) => {
        const rows: Row[] = [];
        for (let pageNum = 1; ; pageNum += 1) {
          const page = await api.get<Page<Row>>(listPath(spec.base), listParams({ ...query, pageNum, pageSize: MAX_PAGE_SIZE }));
          rows.push(...page.rows);
          if (page.rows.length < MAX_PAGE_SIZE || rows.length >= page.total) return rows;
        }
      },
      lookup: async (search, filters, signal) => {
        const term = search.trim();
        const query = { ...filters, ...(term ? { [spec.lookupParam ?? 'name']: term } : {}), pageNum: 1, pageSize: LOOKUP_PAGE_SIZE };
        return (await api.get<Page<Row>>(listPath(spec.base), query, { quiet: true, signal })).rows;
      },
      get$: (id, options = {}) =>
        loadable$(of(id), (key, signal) => api.get<Detail>(`${spec.base}/get/detail`, { [spec.idParam]: key }, { signal }), {
          retry,
          refresh$,
          poll: options.poll,
        }),
      create: (input) => api.post<Detail>(`${spec.base}/add/single`, input).then(wrote),
      update: (input) => api.put<Detail>(`${spec.base}/update/single`, input).then(wrote),
      remove: (id, options) => api.del<null>(`${spec.base}/delete/single`, { ...options, [spec.idParam]: id }).then(() => void wrote(null)),
      refresh: () => written$$.next(spec.name),
      changes$: refresh$,
    };
  };
}
