import { Alert } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { useFleetConsole } from '../lib/services';

/** Says plainly when live data has stopped, so a quiet screen is never mistaken for a quiet fleet. */
export function ConnectionBanner() {
  const fleetConsole = useFleetConsole();
  const connection = useObservableState(fleetConsole.connection$);
  const snapshot = useObservableState(fleetConsole.fleet.snapshot$);
  if (connection?.state === 'retrying' || connection?.state === 'expired') {
    const retrying = connection.state === 'retrying';
    return (
      <Alert.Root status={retrying ? 'warning' : 'error'} variant="solid" borderRadius="0" data-testid="connection-banner">
        <Alert.Indicator />
        <Alert.Title>
          {retrying
            ? `Connection lost, reconnecting (attempt ${connection.attempt ?? 1} of 4). Dimmed data may be out of date.`
            : 'Live data stopped. Log in again to reconnect.'}
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (snapshot?.state !== 'retrying') return null;
  return (
    <Alert.Root status="warning" variant="solid" borderRadius="0" data-testid="connection-banner">
      <Alert.Indicator />
      <Alert.Title>{`The vehicle list could not be loaded, retrying (attempt ${snapshot.attempt + 1}). Live updates are kept meanwhile.`}</Alert.Title>
    </Alert.Root>
  );
}
