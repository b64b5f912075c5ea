import { useMemo } from 'react';
import { useSubscription } from 'observable-hooks';
import { distinctUntilChanged, filter, map } from 'rxjs';
import { useFleetConsole } from './services';
import { setColorMode } from './color-mode';

/** Shows the theme kept on the signed-in account once its profile loads (at sign-in, in any browser). */
export function useAccountTheme(): void {
  const { profile } = useFleetConsole();
  const theme$ = useMemo(
    () =>
      profile.profile$.pipe(
        map((state) => state.data?.theme),
        filter((theme) => theme !== undefined),
        distinctUntilChanged(),
      ),
    [profile],
  );
  useSubscription(theme$, setColorMode);
}
