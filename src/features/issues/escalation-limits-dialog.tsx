// Per fleet: how long an issue may stay open or in progress before it escalates by itself.
import { useState } from 'react';
import { Button, Dialog, HStack, Input, Portal, Stack, Text } from '@chakra-ui/react';
import { ESCALATION_HOURS } from '../../../contract/entities/issue';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';

const validHours = (value: string) => /^\d+$/.test(value) && Number(value) >= ESCALATION_HOURS.min && Number(value) <= ESCALATION_HOURS.max;

export function EscalationLimitsDialog(props: { onClose: () => void }) {
  const { resources } = useFleetConsole();
  const limits = useResource(() => resources.escalationLimits$(), [resources]).data ?? [];
  const [typed, setTyped] = useState<Record<string, string>>({});
  const save = async (fleetId: string) => {
    await resources.setEscalationLimit(fleetId, Number(typed[fleetId]));
    showSuccess(SUCCESS.saved);
  };
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && props.onClose()} placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Escalation limits</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text fontSize="sm" color="fg.muted">
                  An issue open or in progress longer than its fleet's limit escalates by itself ({ESCALATION_HOURS.min} to {ESCALATION_HOURS.max} hours).
                </Text>
                {limits.map((limit) => {
                  const value = typed[limit.fleetId] ?? String(limit.hours);
                  return (
                    <HStack key={limit.fleetId} gap="2">
                      <Text flex="1" fontSize="sm">
                        {limit.fleetName}
                      </Text>
                      <Input
                        size="sm"
                        width="20"
                        inputMode="numeric"
                        aria-label={`Hours for ${limit.fleetName}`}
                        value={value}
                        aria-invalid={!validHours(value)}
                        onChange={(event) => setTyped({ ...typed, [limit.fleetId]: event.currentTarget.value })}
                      />
                      <Text fontSize="sm">h</Text>
                      <Button
                        size="sm"
                        variant="outline"
                        disabled={!validHours(value) || typed[limit.fleetId] === undefined}
                        onClick={() => void save(limit.fleetId).catch(() => undefined)}
                      >
                        Save
                      </Button>
                    </HStack>
                  );
                })}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={props.onClose}>
                Close
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
