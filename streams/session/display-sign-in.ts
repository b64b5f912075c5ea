import { asyncScheduler, catchError, defer, map, of, startWith, switchMap, timer, type Observable, type SchedulerLike } from 'rxjs';
import { ApiError } from '../api/api-error';

export type DisplaySignIn =
  | { state: 'connecting'; attempt: number }
  | { state: 'signed-in' }
  /** The server answered and refused the token (revoked or never issued). */
  | { state: 'refused'; msg: string };

export interface DisplaySignInOptions {
  backoff: (attempt: number) => number;
  scheduler?: SchedulerLike;
}

const refusal = (error: unknown): string | null =>
  error instanceof ApiError && error.kind === 'code' && error.code !== undefined && error.code >= 400 && error.code < 500
    ? (error.msg ?? 'This display is no longer valid')
    : null;

/**
 * A wall display signing in with its token: tried again with backoff for as long as the server is away
 * or failing, so a wall is never left on a sign-in screen; only a refusal of the token itself stops it.
 */
export function displaySignIn$(signIn: () => Promise<void>, { backoff, scheduler = asyncScheduler }: DisplaySignInOptions): Observable<DisplaySignIn> {
  const attempt$ = (attempt: number): Observable<DisplaySignIn> =>
    defer(signIn).pipe(
      map((): DisplaySignIn => ({ state: 'signed-in' })),
      catchError((error: unknown) => {
        const msg = refusal(error);
        if (msg !== null) return of<DisplaySignIn>({ state: 'refused', msg });
        const next = attempt + 1;
        return timer(backoff(next), scheduler).pipe(
          switchMap(() => attempt$(next)),
          startWith<DisplaySignIn>({ state: 'connecting', attempt: next }),
        );
      }),
    );
  return attempt$(0).pipe(startWith<DisplaySignIn>({ state: 'connecting', attempt: 0 }));
}
