import { useMemo } from 'react';
import type { ListQuery } from '../../streams/api/resource';
import { type ListUrlState, changeListUrl, listQueryOf, listUrlSearch, parseListUrl } from './list-url';
import { navigate, usePinnedLocation, usePinnedSearch } from './navigation';

export type ListUrlChanges<F extends string> = Parameters<typeof changeListUrl<F>>[1];

/**
 * A list page's state read from and written to the URL of the current page; `prefix` names the
 * parameters of a second list on the page.
 */
export function useListUrl<F extends string>(
  filterKeys: readonly F[],
  prefix = '',
): {
  state: ListUrlState<F>;
  query: ListQuery;
  change: (changes: ListUrlChanges<F>) => void;
} {
  const search = usePinnedSearch();
  const [path] = usePinnedLocation();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the keys are the page's constant
  const state = useMemo(() => parseListUrl(search, filterKeys, prefix), [search]);
  const query = useMemo(() => listQueryOf(state), [state]);
  const change = (changes: ListUrlChanges<F>) => navigate(`${path}${listUrlSearch(changeListUrl(state, changes), search, prefix)}`);
  return { state, query, change };
}
