import { useMemo } from 'react';
import { Badge, Box, DataList, Flex, Heading, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { combineLatest, distinctUntilChanged, map, timer } from 'rxjs';
import type { VehicleDetail } from '../../../streams/api/types';
import { deviceKey } from '../../../streams/telemetry/device-key';
import { formatNumber, NO_VALUE } from '../../components/device-value';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { useFleetConsole } from '../../lib/services';
import { deviceLabel } from './detail-tabs';
import { lastSeenText } from './last-seen';

const LAST_SEEN_TICK_MS = 10_000;

/** Name, S/N, live status, SOC and last seen; re-renders only when what it shows changes. */
export function VehicleHeader({ detail }: { detail: VehicleDetail }) {
  const { fleet } = useFleetConsole();
  const live = useObservableState(
    useMemo(
      () =>
        combineLatest([fleet.vehicle$(detail.id), timer(0, LAST_SEEN_TICK_MS)]).pipe(
          map(([vehicle]) => ({
            status: vehicle?.status ?? detail.status,
            soc: vehicle ? vehicle.soc : detail.soc,
            lastSeen: lastSeenText(vehicle?.lastSeenMs ?? (detail.lastSeen ? Date.parse(detail.lastSeen) : null), Date.now()),
            stale: vehicle?.stale ?? false,
            // cmd 97 brings the version a device runs after a firmware update.
            versions: detail.devices
              .map((d) => `${deviceLabel(d.deviceType, d.deviceId)} ${vehicle?.devices[deviceKey(d.deviceType, d.deviceId)]?.version ?? d.version}`)
              .join(' · '),
          })),
          distinctUntilChanged(
            (a, b) => a.status === b.status && a.soc === b.soc && a.lastSeen === b.lastSeen && a.stale === b.stale && a.versions === b.versions,
          ),
        ),
      [fleet, detail],
    ),
  );
  const status = STATUS_STYLE[live?.status ?? detail.status];
  const place = [detail.fleetName, detail.subFleetName, detail.depotName].filter(Boolean).join(' / ');

  return (
    <Box borderBottomWidth="1px" pb="3" mb="3" opacity={live?.stale ? 0.6 : 1}>
      <Flex align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h1" size="lg" data-testid="vehicle-name">
          {detail.name}
        </Heading>
        <Badge data-testid="vehicle-status" data-status={live?.status ?? detail.status} variant="outline" borderColor={status.color} color={status.color}>
          {status.label}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          S/N {detail.sn}
        </Text>
      </Flex>
      <DataList.Root orientation="horizontal" size="sm" flexDirection="row" flexWrap="wrap" columnGap="8" rowGap="1">
        <DataList.Item>
          <DataList.ItemLabel minWidth="auto">SOC</DataList.ItemLabel>
          <DataList.ItemValue data-testid="vehicle-soc">{live?.soc === null || live?.soc === undefined ? NO_VALUE : `${formatNumber(live.soc)} %`}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="auto">Last seen</DataList.ItemLabel>
          <DataList.ItemValue data-testid="vehicle-last-seen">{live?.lastSeen}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="auto">Fleet</DataList.ItemLabel>
          <DataList.ItemValue>{place}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="auto">Versions</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text as="span" fontSize="xs" color="fg.muted">
              {live?.versions}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
    </Box>
  );
}
