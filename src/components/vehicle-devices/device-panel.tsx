// One tab of a vehicle's devices: its live values and charts. Mounted only while its tab is open,
// so only the open device's streams are subscribed. What a viewer may do to the device (firmware,
// restore, controls) comes in through `actions`; a shared view passes none.
import { useMemo, type ReactNode } from 'react';
import { Grid, GridItem, Heading, Stack } from '@chakra-ui/react';
import { useObservableState, useSubscription } from 'observable-hooks';
import { distinctUntilChanged, filter, map, type Observable } from 'rxjs';
import type { DeviceRef } from '../../../contract/protocol/types';
import type { DeviceLive } from '../../../streams/telemetry/types';
import { freshness$ } from '../../../streams/vehicles/freshness';
import { DeviceHistoryChart } from '../device-history-chart';
import { useFleetConsole } from '../../lib/services';
import { useDeviceKeys } from '../../lib/use-device-keys';
import { defaultChartKeys, inScope, type DetailTab } from './detail-tabs';
import { deviceLive$ } from './device-live';
import { LiveKeyTable } from './live-key-table';

export type DeviceActions = (tab: DetailTab, device: DeviceRef, live$: Observable<DeviceLive>) => ReactNode;

export function DevicePanel({ tab, actions, exportable = true }: { tab: DetailTab; actions?: DeviceActions; exportable?: boolean }) {
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

  const allKeys = useDeviceKeys(device);
  const keys = useMemo(() => allKeys?.filter((k) => inScope(scope, device.deviceType, k.key)), [allKeys, scope, device.deviceType]);
  const chartKeys = useMemo(() => keys?.filter((k) => k.kind === 'number') ?? [], [keys]);
  const live$ = useMemo(() => deviceLive$(fleet.vehicle$(device.vehicleId), device), [fleet, device]);
  // A silent vehicle's values are its last known ones: dimmed, as the header says how old they are.
  const silent = useObservableState(
    useMemo(
      () =>
        freshness$(fleet.vehicle$(vehicleId)).pipe(
          map((freshness) => freshness?.silent ?? false),
          distinctUntilChanged(),
        ),
      [fleet, vehicleId],
    ),
    false,
  );

  return (
    <Grid templateColumns={{ base: '1fr', lg: 'minmax(17.5rem, 22.5rem) minmax(0, 1fr)' }} gap="4" alignItems="start" data-testid={`device-panel-${tab.value}`}>
      <GridItem minWidth="0" color={silent ? 'fg.muted' : undefined} data-silent={silent} data-testid="live-values">
        <Heading as="h2" size="sm" mb="2">
          Live values
        </Heading>
        <LiveKeyTable keys={keys} deviceType={device.deviceType} live$={live$} />
      </GridItem>
      <GridItem minWidth="0">
        <Stack gap="4">
          {chartKeys.length > 0 && (
            <DeviceHistoryChart device={device} keys={chartKeys} defaultKeys={defaultChartKeys(tab, chartKeys)} live$={live$} exportable={exportable} />
          )}
          {actions?.(tab, device, live$)}
        </Stack>
      </GridItem>
    </Grid>
  );
}
