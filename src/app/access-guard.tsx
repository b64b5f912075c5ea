import { useEffect, useMemo } from 'react';
import { useObservableState } from 'observable-hooks';
import { useLocation } from 'wouter';
import { LoadingState } from '../components/loading-state';
import { navigate, usePinnedSearch } from '../lib/navigation';
import { ROUTES } from '../lib/routes';
import { pageFor } from './page-loaders';
import { useFleetConsole } from '../lib/services';
import { useAccount } from '../lib/use-account';
import { useSignOut } from '../lib/use-sign-out';
import { decideAccess, menuPages } from './access-rules';
import { useKioskMode } from '../lib/kiosk-mode';
import { KioskLayout } from './kiosk/kiosk-layout';
import { MainLayout } from './layout/main-layout';
import { LazyPage } from './lazy-page';

export function AccessGuard() {
  const fleetConsole = useFleetConsole();
  const { account, profile } = fleetConsole;
  const [path] = useLocation();
  const search = usePinnedSearch();
  const token = useObservableState(fleetConsole.session.token$, fleetConsole.session.get('token'));
  const accountState = useAccount();
  const signOut = useSignOut();
  const kiosk = useKioskMode();
  const menu = useMemo(() => (accountState.status === 'ready' ? menuPages(accountState.menu) : []), [accountState]);

  const decision = decideAccess({
    path,
    search,
    hasToken: Boolean(token),
    isShareGuest: Boolean(token) && Boolean(fleetConsole.session.get('shareAccount')),
    account: accountState.status,
    menu,
    returnPath: fleetConsole.session.get('returnPath'),
  });
  const returnPath = decision.kind === 'redirect' || decision.kind === 'render' ? decision.returnPath : undefined;

  // The sign-in page loaded on its own (typed, bookmarked, reloaded) lands on the default page;
  // only the guard's own redirect to it keeps the page asked for.
  useEffect(() => {
    if (window.location.pathname === ROUTES.login.path) fleetConsole.session.remove('returnPath');
  }, [fleetConsole]);

  useEffect(() => {
    if (returnPath === null) fleetConsole.session.remove('returnPath');
    else if (returnPath !== undefined) fleetConsole.session.set('returnPath', returnPath);
  }, [returnPath, fleetConsole]);

  const redirectTo = decision.kind === 'redirect' ? decision.to : undefined;
  useEffect(() => {
    if (redirectTo !== undefined) navigate(redirectTo);
    else if (decision.kind === 'load-account') {
      void account.load().then((state) => {
        if (state.status !== 'ready') return;
        // A wall display has no profile: it shows this browser's units.
        if (fleetConsole.session.get('wallDisplay') === true) profile.applyBrowserUnits();
        // Units are a nicety: without the profile the console shows metric units.
        else profile.load().catch(() => undefined);
      });
    }
    // The account could not be loaded with this session (expired): signing in again returns here.
    else if (decision.kind === 'sign-out') signOut({ forced: true });
  }, [decision.kind, redirectTo, account, profile, signOut, fleetConsole]);

  const title = decision.kind === 'render' ? decision.route.title : '';
  useEffect(() => {
    if (title) document.title = `${title} · Fleet Console`;
  }, [title]);

  if (decision.kind !== 'render') {
    return <LoadingState fill />;
  }
  const { route } = decision;
  const page = <LazyPage key={route.path} load={pageFor(route.path, decision.component)} />;
  // Pages outside the layouts (sign-in, 404, share, the wall's sign-in) are the document's main landmark.
  if (route.access !== 'main' || accountState.status !== 'ready') return <main>{page}</main>;
  if (kiosk) return <KioskLayout route={route}>{page}</KioskLayout>;
  return (
    <MainLayout route={route} info={accountState.info} menu={accountState.menu}>
      {page}
    </MainLayout>
  );
}
