import { useEffect } from 'react';
import { useFleetConsole } from './services';

/**
 * Every device of one vehicle every tick while the caller is mounted (the fleet-wide stream rotates
 * devices), and the system's key list, which tells whether tyre and air-conditioner tabs exist.
 */
export function useVehicleSubscription(vehicleId: string): void {
  const { commands } = useFleetConsole();
  useEffect(() => {
    commands.subscribeVehicles({ vehicleIds: [vehicleId] });
    commands.queryKeys({ vehicleId, deviceType: 'system', deviceId: 0 });
    return () => {
      commands.unsubscribeVehicles({ vehicleIds: [vehicleId] });
    };
  }, [commands, vehicleId]);
}
