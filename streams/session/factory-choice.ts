// The /vehicles/list header's factory (fleet group) choice: the session's factory id, shared live
// between the header's dropdown and the list it narrows. A sign-in or sign-out starts again from
// what the session then holds, so a second user in the same tab does not inherit the first's choice.
import { BehaviorSubject, type Observable, distinctUntilChanged, skip } from 'rxjs';
import type { SessionStore } from './types';

export interface FactoryChoice {
  factoryId$: Observable<string>;
  current(): string;
  choose(factoryId: string): void;
}

export function createFactoryChoice(session: SessionStore): FactoryChoice {
  const stored = () => session.get('factoryId') ?? '';
  const factoryId$$ = new BehaviorSubject(stored());
  session.token$.pipe(skip(1), distinctUntilChanged()).subscribe(() => factoryId$$.next(stored()));
  return {
    factoryId$: factoryId$$.pipe(distinctUntilChanged()),
    current: () => factoryId$$.value,
    choose: (factoryId) => {
      session.set('factoryId', factoryId);
      factoryId$$.next(factoryId);
    },
  };
}
