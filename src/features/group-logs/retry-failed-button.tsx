// Runs the failed vehicles of a group operation again, for a user allowed to start that operation.
import { useState } from 'react';
import { Button, Text } from '@chakra-ui/react';
import { PERMISSIONS } from '../../../contract/api/permissions';
import type { GroupLogDetail, GroupOperation } from '../../../contract/api/types';
import { useHoldsAll } from '../../components/access-gate';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';

const PERMISSION: Record<GroupOperation, string> = {
  firmware: PERMISSIONS.vehicleFirmware,
  setting: PERMISSIONS.vehicleSettings,
  transfer: PERMISSIONS.vehicleEdit,
};

export function RetryFailedButton({ detail }: { detail: GroupLogDetail }) {
  const fleetConsole = useFleetConsole();
  const allowed = useHoldsAll([PERMISSION[detail.operation]]);
  const [asking, setAsking] = useState(false);
  if (!allowed || detail.failure === 0) return null;
  const retry = async () => {
    await fleetConsole.resources.groupOperations.retryFailed(detail.id);
    if (detail.operation === 'transfer') fleetConsole.fleet.refresh();
  };
  return (
    <>
      <Button size="sm" colorPalette="blue" onClick={() => setAsking(true)}>
        Retry failed ({detail.failure})
      </Button>
      <ConfirmDialog open={asking} title="Retry failed vehicles" confirmLabel="Retry" success={SUCCESS.saved} onConfirm={retry} onClose={() => setAsking(false)}>
        <Text>
          Run this operation again on the {detail.failure} vehicle{detail.failure === 1 ? '' : 's'} that failed?
        </Text>
      </ConfirmDialog>
    </>
  );
}
