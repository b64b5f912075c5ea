// /home/detail/page and /vehicles/subdetail/page: one vehicle, live, with a tab per device.
import { useEffect, useMemo, useState } from 'react';
import { Box, Center, Tabs, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { concat, distinctUntilChanged, filter, map, of, timeout } from 'rxjs';
import { VEHICLE_DETAIL_PATH } from '../../../streams/api/fleet-calls';
import type { VehicleDetail } from '../../../streams/api/types';
import { LoadingState } from '../../components/loading-state';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { AC_TAB, chooseTab, detailTabs, systemExtras, TYRES_TAB, type SystemExtras } from './detail-tabs';
import { DevicePanel } from './device-panel';
import { VehicleHeader } from './vehicle-header';

const NO_EXTRAS: SystemExtras = { tyres: false, airConditioner: false };
/** How long a stored tyre or air-conditioner tab waits for the system's key list before giving up on it. */
const KEY_LIST_WAIT_MS = 5000;

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

  // Undefined until the system's key list says whether tyre and air-conditioner tabs exist.
  const extras = useObservableState(
    useMemo(() => {
      const known$ = fleet.keys$({ vehicleId, deviceType: 'system', deviceId: 0 }).pipe(
        filter((keys) => keys !== undefined),
        map(systemExtras),
      );
      return known$.pipe(
        timeout({ first: KEY_LIST_WAIT_MS, with: () => concat(of(NO_EXTRAS), known$) }),
        distinctUntilChanged((a, b) => a.tyres === b.tyres && a.airConditioner === b.airConditioner),
      );
    }, [fleet, vehicleId]),
  );
  const detail = loaded.status === 'ready' ? loaded.detail : null;
  const tabs = useMemo(() => (detail ? detailTabs(vehicleId, detail.devices, extras ?? NO_EXTRAS) : []), [detail, extras, vehicleId]);

  if (loaded.status === 'loading') return <LoadingState />;
  if (loaded.status === 'failed' || !detail) {
    return (
      <Center py="24" px="4">
        <Text role="alert">This vehicle cannot be shown.</Text>
      </Center>
    );
  }

  const waitingForExtras = extras === undefined && (wantedTab === TYRES_TAB || wantedTab === AC_TAB);
  const selected = chooseTab(tabs, wantedTab);
  const select = (value: string) => {
    session.set('detailTab', value);
    setWantedTab(value);
  };

  return (
    <Box p={{ base: '3', md: '5' }}>
      <VehicleHeader detail={detail} />
      {waitingForExtras ? (
        <LoadingState label="Loading devices" />
      ) : selected ? (
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
