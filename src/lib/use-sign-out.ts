import { useCallback } from 'react';
import { ROUTES } from './routes';
import { navigate } from './navigation';
import { useFleetConsole } from './services';

/**
 * Log out as the spec says: clear the session, close the socket, go to /login. A share guest goes
 * back to its link instead, which asks for the password again or says the link no longer works; a
 * wall display to /wall, which signs it in again with its token or says it was revoked.
 */
export function useSignOut(): () => void {
  const fleetConsole = useFleetConsole();
  return useCallback(() => {
    const shareAccount = fleetConsole.session.get('shareAccount');
    const wallDisplay = fleetConsole.session.get('wallDisplay') === true;
    fleetConsole.signOut();
    if (wallDisplay) navigate(ROUTES.wall.path);
    else navigate(shareAccount === null ? ROUTES.login.path : `${ROUTES.share.path}?tk=${encodeURIComponent(shareAccount)}`);
  }, [fleetConsole]);
}
