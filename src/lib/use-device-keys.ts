import { useMemo } from 'react';
import { useObservableState } from 'observable-hooks';
import type { DeviceRef, KeyInfo } from '../../contract/protocol/types';
import { useFleetConsole } from './services';

/** The key list of one device (cmd 144), undefined until it arrives. */
export function useDeviceKeys({ vehicleId, deviceType, deviceId }: DeviceRef): readonly KeyInfo[] | undefined {
  const { fleet } = useFleetConsole();
  return useObservableState(useMemo(() => fleet.keys$({ vehicleId, deviceType, deviceId }), [fleet, vehicleId, deviceType, deviceId]));
}
