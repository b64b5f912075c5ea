import { Text } from '@chakra-ui/react';
import { formatClock } from '../lib/date-format';
import type { Alarm } from '../../contract/api/types';

/** "Acknowledged by Ann at 14:02 · note" for an alarm someone acknowledged. */
export function AlarmAckNote({ ack }: { ack: NonNullable<Alarm['ack']> }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid="alarm-ack">
      Acknowledged by {ack.by} at {formatClock(ack.at)}
      {ack.note ? ` · ${ack.note}` : ''}
    </Text>
  );
}
