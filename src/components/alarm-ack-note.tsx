import { Text } from '@chakra-ui/react';
import { format } from 'date-fns';
import type { Alarm } from '../../streams/api/types';

/** "Acknowledged by Ann at 14:02 · note" for an alarm someone acknowledged. */
export function AlarmAckNote({ ack }: { ack: NonNullable<Alarm['ack']> }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="alarm-ack">
      Acknowledged by {ack.by} at {format(new Date(ack.at), 'HH:mm')}
      {ack.note ? ` · ${ack.note}` : ''}
    </Text>
  );
}
