import { Alert } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { useFleetConsole } from '../lib/services';

/** Says plainly when live data has stopped, so a quiet screen is never mistaken for a quiet fleet. */
export function ConnectionBanner() {
  const connection = useObservableState(useFleetConsole().connection$);
  if (!connection || (connection.state !== 'retrying' && connection.state !== 'expired')) return null;
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
