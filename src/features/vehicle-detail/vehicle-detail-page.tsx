// /home/detail/page and /vehicles/subdetail/page: one vehicle, live, with a tab per device.
import { useEffect } from 'react';
import { Box, Button, Center, Flex, Text } from '@chakra-ui/react';
import { PERMISSIONS } from '../../../contract/api/permissions';
import type { VehicleDetail } from '../../../contract/api/types';
import { IfPermission } from '../../components/access-gate';
import { ResourceView } from '../../components/resource-view';
import type { DeviceActions } from '../../components/vehicle-devices/device-panel';
import { DeviceTabs } from '../../components/vehicle-devices/device-tabs';
import { IssueActions } from '../../components/issue-actions';
import { VehicleHeader } from '../../components/vehicle-devices/vehicle-header';
import { linkProps, usePinnedSearch } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { useVehicleSubscription } from '../../lib/use-vehicle-subscription';
import { FirmwarePanel } from './firmware-panel';
import { RestoreDefaultsButton } from './restore-defaults-button';
import { ShareControl } from './share-control';

/** The vehicle to show: the `vehicleId` query parameter (remembered in the session), else the session's. */
function useVehicleId(): string | null {
  const { session } = useFleetConsole();
  const fromQuery = new URLSearchParams(usePinnedSearch()).get('vehicleId');
  useEffect(() => {
    if (fromQuery) session.set('vehicleId', fromQuery);
  }, [fromQuery, session]);
  return fromQuery || session.get('vehicleId');
}

export default function VehicleDetailPage() {
  const vehicleId = useVehicleId();
  if (!vehicleId) {
    return (
      <Center py="24" px="4">
        <Text color="fg.muted" data-testid="no-vehicle">
          No vehicle chosen. Open a vehicle from the map or the vehicle list to see its detail.
        </Text>
      </Center>
    );
  }
  return <VehicleDetailView key={vehicleId} vehicleId={vehicleId} />;
}

function VehicleDetailView({ vehicleId }: { vehicleId: string }) {
  const { resources } = useFleetConsole();
  const detail = useResource(() => resources.vehicles.get$(vehicleId), [resources, vehicleId]);
  useVehicleSubscription(vehicleId);

  return (
    <ResourceView state={detail} failed="This vehicle cannot be shown.">
      {(loaded) => <VehicleDevices detail={loaded} />}
    </ResourceView>
  );
}

function VehicleDevices({ detail }: { detail: VehicleDetail }) {
  return (
    <Box p={{ base: '3', md: '5' }}>
      <VehicleHeader
        detail={detail}
        actions={
          <>
            <IssueActions origin={{ vehicleId: detail.id, vehicleName: detail.name }} />
            <IfPermission permissions={[PERMISSIONS.vehicleShare]}>
              <ShareControl vehicleId={detail.id} vehicleName={detail.name} />
            </IfPermission>
          </>
        }
      />
      <DeviceTabs detail={detail} actions={deviceActions(detail.name)} />
    </Box>
  );
}

/** What an operator may do on a device tab of the vehicle: air-conditioner controls, firmware, factory reset. */
const deviceActions =
  (vehicleName: string): DeviceActions =>
  (tab, device, live$) => (
    <>
      {tab.scope === 'ac' && (
        <Box>
          <Button size="sm" variant="outline" asChild>
            <a {...linkProps(LINKS.airConditioner(device.vehicleId, window.location.pathname + window.location.search))}>Open air conditioner controls</a>
          </Button>
        </Box>
      )}
      {tab.info && <FirmwarePanel device={device} info={tab.info} live$={live$} vehicleName={vehicleName} deviceName={tab.label} />}
      {tab.scope === 'device' && (
        <IfPermission permissions={[PERMISSIONS.vehicleSettings]}>
          <Flex>
            <RestoreDefaultsButton device={device} deviceName={tab.label} />
          </Flex>
        </IfPermission>
      )}
    </>
  );
