import { ReplaySubject, finalize, share, type Observable } from 'rxjs';

/**
 * One shared stream per key, created on first use, replaying its latest value to late subscribers,
 * and dropped from the cache when its last subscriber leaves.
 */
export function keyedStreams<T>(create: (key: string) => Observable<T>): { get(key: string): Observable<T> } {
  const cache = new Map<string, Observable<T>>();
  return {
    get(key) {
      const cached = cache.get(key);
      if (cached) return cached;
      const stream$: Observable<T> = create(key).pipe(
        finalize(() => {
          if (cache.get(key) === stream$) cache.delete(key);
        }),
        share({ connector: () => new ReplaySubject<T>(1), resetOnRefCountZero: true }),
      );
      cache.set(key, stream$);
      return stream$;
    },
  };
}
