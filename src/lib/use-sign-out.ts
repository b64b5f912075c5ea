import { useCallback } from 'react';
import { LOGIN_PATH } from './route-table';
import { navigate } from './navigation';
import { useServices } from './services';

/** Log out as the spec says: clear the session, close the socket, go to /login. */
export function useSignOut(): () => void {
  const { console: fleetConsole, account, profile } = useServices();
  return useCallback(() => {
    fleetConsole.signOut();
    account.reset();
    profile.reset();
    navigate(LOGIN_PATH);
  }, [fleetConsole, account, profile]);
}
