import { useCallback } from 'react';
import { consoleReturnPath } from './return-path';
import { ROUTES } from './routes';
import { navigate } from './navigation';
import { useFleetConsole } from './services';

/**
 * Log out as the spec says: clear the session, close the socket, go to /login. A share guest goes
 * back to its link instead, which asks for the password again or says the link no longer works; a
 * wall display to /wall, which signs it in again with its token or says it was revoked.
 *
 * `forced`: the session ended without the person asking (login expired, status or role changed), so
 * signing in again returns to the page they were on, kept as the guard keeps a page asked for.
 */
export function useSignOut(): (options?: { forced?: boolean }) => void {
  const fleetConsole = useFleetConsole();
  return useCallback(
    (options?: { forced?: boolean }) => {
      const { session } = fleetConsole;
      const shareAccount = session.get('shareAccount');
      const wallDisplay = session.get('wallDisplay') === true;
      // Already on /login (a second notice of the same ending), the page kept by the first one stays.
      const returnPath = options?.forced ? (consoleReturnPath(`${window.location.pathname}${window.location.search}`) ?? session.get('returnPath')) : null;
      fleetConsole.signOut();
      if (wallDisplay) navigate(ROUTES.wall.path);
      else if (shareAccount !== null) navigate(`${ROUTES.share.path}?tk=${encodeURIComponent(shareAccount)}`);
      else {
        if (returnPath !== null) session.set('returnPath', returnPath);
        navigate(ROUTES.login.path);
      }
    },
    [fleetConsole],
  );
}
