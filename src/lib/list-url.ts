// A list's page, page size, sort and filters as URL parameters, so a reload or a shared link shows
// the same list (`?pageNum=2&pageSize=50&sort=-name&status=alarm&search=van`).
import type { ListQuery } from '../../streams/api/resource';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../streams/api/resource';

export interface ListUrlState<F extends string> {
  pageNum: number;
  pageSize: number;
  /** A column id, `-` first for descending; empty for the server's order. */
  sort: string;
  filters: Record<F, string>;
}

const positive = (raw: string | null, fallback: number, max: number): number => {
  const value = Number(raw);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
};

export function parseListUrl<F extends string>(search: string, filterKeys: readonly F[]): ListUrlState<F> {
  const params = new URLSearchParams(search);
  const filters = {} as Record<F, string>;
  for (const key of filterKeys) filters[key] = params.get(key) ?? '';
  return {
    pageNum: positive(params.get('pageNum'), 1, 1_000_000),
    pageSize: positive(params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: params.get('sort') ?? '',
    filters,
  };
}

/** The query string of a list state; defaults are left out so plain links stay plain. */
export function listUrlSearch<F extends string>(state: ListUrlState<F>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries<string>(state.filters)) if (value) params.set(key, value);
  if (state.sort) params.set('sort', state.sort);
  if (state.pageNum !== 1) params.set('pageNum', String(state.pageNum));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set('pageSize', String(state.pageSize));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The next state: a changed filter, sort or page size starts again at page 1. */
export function changeListUrl<F extends string>(state: ListUrlState<F>, changes: Partial<Omit<ListUrlState<F>, 'filters'>> & { filters?: Partial<Record<F, string>> }): ListUrlState<F> {
  const filters = { ...state.filters, ...changes.filters };
  const reset = changes.filters !== undefined || changes.sort !== undefined || changes.pageSize !== undefined;
  return {
    pageNum: changes.pageNum ?? (reset ? 1 : state.pageNum),
    pageSize: changes.pageSize ?? state.pageSize,
    sort: changes.sort ?? state.sort,
    filters,
  };
}

/** The resource query of a list state; empty filters are not sent. */
export function listQueryOf<F extends string>(state: ListUrlState<F>): ListQuery {
  const filters: Record<string, string> = {};
  for (const [key, value] of Object.entries<string>(state.filters)) if (value) filters[key] = value;
  return { pageNum: state.pageNum, pageSize: state.pageSize, sort: state.sort || undefined, filters };
}
