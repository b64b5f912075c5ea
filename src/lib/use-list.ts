import { useObservable, useObservableState } from 'observable-hooks';
import { map } from 'rxjs';
import type { Loadable, Poll } from '../../streams/api/loadable';
import type { ListQuery, Resource } from '../../streams/api/resource';
import type { Page } from '../../contract/api/types';

const LOADING: Loadable<never> = { status: 'loading', stale: false };

/**
 * One page of a resource. A changed query cancels the load in flight and keeps the rows shown,
 * marked stale, until the new page arrives.
 */
export function useList<Row>(resource: Resource<Row, unknown>, query: ListQuery, poll?: Poll<Page<Row>, ListQuery>): Loadable<Page<Row>> {
  const page$ = useObservable((inputs$) => resource.list$(inputs$.pipe(map(([q]) => q)), { poll }), [query]);
  return useObservableState(page$, LOADING);
}
