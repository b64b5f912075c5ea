// One tab of the vehicle detail page. Mounted only while its tab is open, so only the open
// device's streams are subscribed.
import { useMemo } from 'react';
import { Box, Button, Flex, Grid, GridItem, Heading, Stack } from '@chakra-ui/react';
import { useObservableState, useSubscription } from 'observable-hooks';
import { distinctUntilChanged, filter, map } from 'rxjs';
import { PERMISSIONS } from '../../../streams/api/permissions';
import { IfPermission } from '../../components/access-gate';
import { DeviceHistoryChart } from '../../components/device-history-chart';
import { navigate } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { defaultChartKeys, inScope, type DetailTab } from './detail-tabs';
import { deviceLive$ } from './device-live';
import { FirmwarePanel } from './firmware-panel';
import { LiveKeyTable } from './live-key-table';
import { RestoreDefaultsButton } from './restore-defaults-button';

const AIR_CONDITIONER_PATH = '/vehicles/airconditioner/page';

export function DevicePanel({ tab }: { tab: DetailTab }) {
  const { fleet, commands, connection$ } = useFleetConsole();
  const { scope } = tab;
  const { vehicleId, deviceType, deviceId } = tab.device;
  // Tabs are rebuilt when the system's key list arrives; the device they point at stays the same.
  const device = useMemo(() => ({ vehicleId, deviceType, deviceId }), [vehicleId, deviceType, deviceId]);

  // cmd 66 on open, and again after a reconnect: the answer (144) is the live key list.
  useSubscription(
    useMemo(
      () =>
        connection$.pipe(
          map((c) => c.state === 'open'),
          distinctUntilChanged(),
          filter(Boolean),
        ),
      [connection$],
    ),
    () => commands.queryKeys(device),
  );

  const allKeys = useObservableState(useMemo(() => fleet.keys$(device), [fleet, device]));
  const keys = useMemo(() => allKeys?.filter((k) => inScope(scope, device.deviceType, k.key)), [allKeys, scope, device.deviceType]);
  const chartKeys = useMemo(() => keys?.filter((k) => k.kind === 'number') ?? [], [keys]);
  const live$ = useMemo(() => deviceLive$(fleet.vehicle$(device.vehicleId), device), [fleet, device]);

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(280px, 360px) minmax(0, 1fr)' }} gap="4" alignItems="start" data-testid={`device-panel-${tab.value}`}>
      <GridItem minWidth="0">
        <Heading as="h2" size="sm" mb="2">
          Live values
        </Heading>
        <LiveKeyTable keys={keys} deviceType={device.deviceType} live$={live$} />
      </GridItem>
      <GridItem minWidth="0">
        <Stack gap="4">
          {chartKeys.length > 0 && <DeviceHistoryChart device={device} keys={chartKeys} defaultKeys={defaultChartKeys(tab, chartKeys)} live$={live$} />}
          {scope === 'ac' && (
            <Box>
              <Button size="sm" variant="outline" onClick={() => navigate(`${AIR_CONDITIONER_PATH}?vehicleId=${encodeURIComponent(device.vehicleId)}`)}>
                Open air conditioner controls
              </Button>
            </Box>
          )}
          {tab.info && <FirmwarePanel device={device} info={tab.info} live$={live$} />}
          {scope === 'device' && (
            <IfPermission permissions={[PERMISSIONS.vehicleSettings]}>
              <Flex>
                <RestoreDefaultsButton device={device} deviceName={tab.label} />
              </Flex>
            </IfPermission>
          )}
        </Stack>
      </GridItem>
    </Grid>
  );
}
