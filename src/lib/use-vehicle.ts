import { useMemo } from 'react';
import { useObservableState } from 'observable-hooks';
import type { VehicleState } from '../../streams/vehicles/types';
import { useFleetConsole } from './services';

/** One vehicle, live from the socket; undefined until the fleet knows it. */
export function useVehicle(vehicleId: string): VehicleState | undefined {
  const { fleet } = useFleetConsole();
  return useObservableState(useMemo(() => fleet.vehicle$(vehicleId), [fleet, vehicleId]));
}
