import { useObservableState } from 'observable-hooks';
import type { AccountState } from '../../streams/session/account-store';
import { useFleetConsole } from './services';

const SIGNED_OUT: AccountState = { status: 'signed-out' };

/** The signed-in user's info and menu as the account store has them. */
export function useAccount(): AccountState {
  return useObservableState(useFleetConsole().account.account$, SIGNED_OUT);
}
