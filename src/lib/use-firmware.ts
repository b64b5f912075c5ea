import { useMemo } from 'react';
import { useObservableState } from 'observable-hooks';
import type { DeviceRef } from '../../contract/protocol/types';
import type { FirmwareProgress } from '../../streams/telemetry/types';
import { useFleetConsole } from './services';

/** The firmware burn of one device (cmd 149), undefined while none was reported. */
export function useFirmware({ vehicleId, deviceType, deviceId }: DeviceRef): FirmwareProgress | undefined {
  const { fleet } = useFleetConsole();
  return useObservableState(useMemo(() => fleet.firmware$({ vehicleId, deviceType, deviceId }), [fleet, vehicleId, deviceType, deviceId]));
}
