// The Share control of the vehicle detail pages: the vehicle's share in a dialog, beside the list
// of the user's working links.
import { useState } from 'react';
import { Button, CloseButton, Dialog, Portal, Tabs } from '@chakra-ui/react';
import { ResourceView } from '../../components/resource-view';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { MyShares } from './my-shares';
import { ShareSettings } from './share-settings';

export function ShareControl({ vehicleId, vehicleName }: { vehicleId: string; vehicleName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size="lg" placement="center" scrollBehavior="inside" lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="share-button">
          Share
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="share-dialog">
            <Dialog.Header>
              <Dialog.Title>Share {vehicleName}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Tabs.Root defaultValue="vehicle" variant="line" size="sm" lazyMount unmountOnExit>
                <Tabs.List>
                  <Tabs.Trigger value="vehicle">This vehicle</Tabs.Trigger>
                  <Tabs.Trigger value="mine">My active shares</Tabs.Trigger>
                </Tabs.List>
                <Tabs.Content value="vehicle" pt="4">
                  <VehicleShare vehicleId={vehicleId} />
                </Tabs.Content>
                <Tabs.Content value="mine" pt="4">
                  <MyShares />
                </Tabs.Content>
              </Tabs.Root>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The vehicle's newest share, if it has one; saving reloads it, and a new link starts a fresh form. */
function VehicleShare({ vehicleId }: { vehicleId: string }) {
  const { resources } = useFleetConsole();
  const state = useList(resources.shares, { pageNum: 1, pageSize: 1, filters: { vehicleId } });
  return (
    <ResourceView state={state} failed="This vehicle's share cannot be shown.">
      {(page) => {
        const share = page.rows[0];
        return <ShareSettings key={share ? [share.account, share.active, share.protection, share.expiresAt].join(' ') : 'none'} vehicleId={vehicleId} share={share} />;
      }}
    </ResourceView>
  );
}
