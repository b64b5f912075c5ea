import { useObservableState } from 'observable-hooks';
import type { DisplayUnits } from '../../streams/session/profile-store';
import { useFleetConsole } from '../lib/services';

const METRIC: DisplayUnits = { speed: 'km/h', mileage: 'km', temperature: '°C' };

/** The signed-in user's display units, re-rendering only when they change. */
export function useDisplayUnits(): DisplayUnits {
  return useObservableState(useFleetConsole().profile.units$, METRIC);
}
