import { useMemo } from 'react';
import { useObservableState } from 'observable-hooks';
import type { Observable } from 'rxjs';
import type { Loadable } from '../../streams/api/loadable';

const LOADING: Loadable<never> = { status: 'loading', stale: false };

/** A server read as state: `read$` runs again when a value in `deps` changes. */
export function useResource<T>(read$: () => Observable<Loadable<T>>, deps: readonly unknown[]): Loadable<T> {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the caller names what the read depends on
  return useObservableState(useMemo(read$, deps), LOADING);
}
