// The count of list items a page shows in the header (spec section 2, layout). Each page has its
// own counts (the layout holds them): every list on it publishes under its own key, and a page with
// more than one list says which count the header shows.
import { type ReactNode, createContext, useContext, useEffect, useId, useMemo } from 'react';
import { useObservableState } from 'observable-hooks';
import { BehaviorSubject, type Observable, combineLatest, distinctUntilChanged, map, of } from 'rxjs';

/** The counts the lists of one page publish, and which of them the header shows. */
export class HeaderCounts {
  private readonly counts$$ = new BehaviorSubject<ReadonlyMap<string, number>>(new Map());
  private readonly chosen$$ = new BehaviorSubject<string | null>(null);

  /** The chosen list's count; unchosen, the count of the page's only list (several lists and none chosen: none). */
  readonly shown$: Observable<number | null> = combineLatest([this.counts$$, this.chosen$$]).pipe(
    map(([counts, chosen]) => (chosen !== null ? (counts.get(chosen) ?? null) : counts.size === 1 ? [...counts.values()][0]! : null)),
    distinctUntilChanged(),
  );

  /** A list's count under its key; null takes it back (the list is gone or has no count yet). */
  publish(key: string, count: number | null): void {
    const current = this.counts$$.value;
    if (count === null ? !current.has(key) : current.get(key) === count) return;
    const next = new Map(current);
    if (count === null) next.delete(key);
    else next.set(key, count);
    this.counts$$.next(next);
  }

  choose(key: string | null): void {
    this.chosen$$.next(key);
  }

  countOf(key: string): number | null {
    return this.counts$$.value.get(key) ?? null;
  }
}

const HeaderCountContext = createContext<HeaderCounts | null>(null);

/** Holds the counts of the page inside it; another page (its path) starts afresh. */
export function HeaderCountScope(props: { page: string; children: ReactNode }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new page, new counts
  const counts = useMemo(() => new HeaderCounts(), [props.page]);
  return <HeaderCountContext.Provider value={counts}>{props.children}</HeaderCountContext.Provider>;
}

/** Publishes a list's count under `key` (unique to the component unless given) while it is mounted. */
export function usePublishCount(count: number | null, key?: string): void {
  const counts = useContext(HeaderCountContext);
  const own = useId();
  const name = key ?? own;
  useEffect(() => {
    counts?.publish(name, count);
  }, [counts, name, count]);
  useEffect(() => () => counts?.publish(name, null), [counts, name]);
}

/** For a page with several lists: the header shows the count the list under `key` publishes. */
export function useHeaderCountOf(key: string): void {
  const counts = useContext(HeaderCountContext);
  useEffect(() => {
    counts?.choose(key);
    return () => counts?.choose(null);
  }, [counts, key]);
}

const NONE = of(null);

/** The count the header shows for the page. */
export function useShownCount(): number | null {
  const counts = useContext(HeaderCountContext);
  return useObservableState(counts?.shown$ ?? NONE, null);
}
