// A list's page, page size, sort and filters as URL parameters, so a reload or a shared link shows
// the same list (`?pageNum=2&pageSize=50&sort=-name&status=alarm&search=van`). A second list on the
// same page names its parameters with a prefix (`sub.pageNum`); parameters that are not the list's
// own (the page's `fleetId`, the other list's) stay as they are.
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

const named = (prefix: string, key: string) => (prefix ? `${prefix}.${key}` : key);

export function parseListUrl<F extends string>(search: string, filterKeys: readonly F[], prefix = ''): ListUrlState<F> {
  const params = new URLSearchParams(search);
  const get = (key: string) => params.get(named(prefix, key));
  const filters = {} as Record<F, string>;
  for (const key of filterKeys) filters[key] = get(key) ?? '';
  return {
    pageNum: positive(get('pageNum'), 1, 1_000_000),
    pageSize: positive(get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: get('sort') ?? '',
    filters,
  };
}

/**
 * The query string of a list state over the current one (`search`), whose other parameters stay;
 * defaults are left out so plain links stay plain.
 */
export function listUrlSearch<F extends string>(state: ListUrlState<F>, search = '', prefix = ''): string {
  const params = new URLSearchParams(search);
  const own = [...Object.keys(state.filters), 'sort', 'pageNum', 'pageSize'];
  for (const key of own) params.delete(named(prefix, key));
  // The list's own parameters after the others, always in the same order.
  const put = (key: string, value: string | null) => {
    if (value) params.set(named(prefix, key), value);
  };
  for (const [key, value] of Object.entries<string>(state.filters)) put(key, value);
  put('sort', state.sort);
  put('pageNum', state.pageNum !== 1 ? String(state.pageNum) : null);
  put('pageSize', state.pageSize !== DEFAULT_PAGE_SIZE ? String(state.pageSize) : null);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The next state: a changed filter, sort or page size starts again at page 1. */
export function changeListUrl<F extends string>(
  state: ListUrlState<F>,
  changes: Partial<Omit<ListUrlState<F>, 'filters'>> & { filters?: Partial<Record<F, string>> },
): ListUrlState<F> {
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
