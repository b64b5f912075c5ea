import { useObservableState } from 'observable-hooks';
import { type FactoryChoice, createFactoryChoice } from '../../streams/session/factory-choice';
import type { SessionStore } from '../../streams/session/types';
import { useFleetConsole } from './services';

// One choice per session store, shared by the header's dropdown and the vehicle list.
const choices = new WeakMap<SessionStore, FactoryChoice>();

/** The /vehicles/list header's factory choice (see streams/session/factory-choice.ts). */
export function useFactory(): [string, (factoryId: string) => void] {
  const { session } = useFleetConsole();
  let choice = choices.get(session);
  if (!choice) {
    choice = createFactoryChoice(session);
    choices.set(session, choice);
  }
  return [useObservableState(choice.factoryId$, choice.current()), choice.choose];
}
