// /home/detail/page and /vehicles/subdetail/page: one vehicle, live, with a tab per device.
import { useEffect, useMemo, useState } from 'react';
import { Box, Center, Tabs, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { distinctUntilChanged, map } from 'rxjs';
import type { VehicleDetail } from '../../../streams/api/types';
import { LoadingState } from '../../components/loading-state';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { chooseTab, detailTabs, systemExtras } from './detail-tabs';
import { DevicePanel } from './device-panel';
import { VehicleHeader } from './vehicle-header';

export const VEHICLE_DETAIL_PATH = '/customization/vehicle/v1/get/detail';

type Loaded = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; detail: VehicleDetail };

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
  const fleetConsole = useFleetConsole();
  const { api, commands, fleet, session } = fleetConsole;
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [wantedTab, setWantedTab] = useState(() => session.get('detailTab'));

  useEffect(() => {
    let current = true;
    api.get<VehicleDetail>(VEHICLE_DETAIL_PATH, { vehicleId }).then(
      (detail) => current && setLoaded({ status: 'ready', detail }),
      () => current && setLoaded({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [api, vehicleId]);

  // Every device of this vehicle every tick while the page is open (the fleet-wide stream rotates devices).
  useEffect(() => {
    commands.subscribeVehicles({ vehicleIds: [vehicleId] });
    commands.queryKeys({ vehicleId, deviceType: 'system', deviceId: 0 });
    return () => {
      commands.unsubscribeVehicles({ vehicleIds: [vehicleId] });
    };
  }, [commands, vehicleId]);

  const extras = useObservableState(
    useMemo(
      () =>
        fleet.keys$({ vehicleId, deviceType: 'system', deviceId: 0 }).pipe(
          map(systemExtras),
          distinctUntilChanged((a, b) => a.tyres === b.tyres && a.airConditioner === b.airConditioner),
        ),
      [fleet, vehicleId],
    ),
  );
  const detail = loaded.status === 'ready' ? loaded.detail : null;
  const tabs = useMemo(
    () => (detail ? detailTabs(vehicleId, detail.devices, extras ?? { tyres: false, airConditioner: false }) : []),
    [detail, extras, vehicleId],
  );

  if (loaded.status === 'loading') return <LoadingState />;
  if (loaded.status === 'failed' || !detail) {
    return (
      <Center py="24" px="4">
        <Text role="alert">This vehicle cannot be shown.</Text>
      </Center>
    );
  }

  const selected = chooseTab(tabs, wantedTab);
  const select = (value: string) => {
    session.set('detailTab', value);
    setWantedTab(value);
  };

  return (
    <Box p={{ base: '3', md: '5' }}>
      <VehicleHeader detail={detail} />
      {selected ? (
        <Tabs.Root value={selected.value} onValueChange={(e) => select(e.value)} lazyMount unmountOnExit variant="line" size="sm">
          <Tabs.List overflowX="auto" overflowY="hidden" data-testid="device-tabs">
            {tabs.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} flexShrink="0">
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value} pt="4">
              <DevicePanel tab={tab} />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      ) : (
        <Text color="fg.muted">This vehicle reports no devices.</Text>
      )}
    </Box>
  );
}
