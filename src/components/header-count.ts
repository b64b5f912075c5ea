// The count of list items a page shows in the header (spec section 2, layout).
import { useEffect } from 'react';
import { BehaviorSubject } from 'rxjs';

export const headerCount$$ = new BehaviorSubject<number | null>(null);

export function usePublishCount(count: number | null): void {
  useEffect(() => {
    headerCount$$.next(count);
  }, [count]);
  useEffect(() => () => headerCount$$.next(null), []);
}
