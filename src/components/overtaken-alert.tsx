import { Alert } from '@chakra-ui/react';
import { overtakenText } from '../../streams/api/record-version';

/** Says that someone else saved the record (`noun`) first and that the form now shows their values. */
export function OvertakenAlert({ noun }: { noun: string }) {
  return (
    <Alert.Root status="warning" role="alert" data-testid="save-overtaken">
      <Alert.Indicator />
      <Alert.Title>{overtakenText(noun)}</Alert.Title>
    </Alert.Root>
  );
}
