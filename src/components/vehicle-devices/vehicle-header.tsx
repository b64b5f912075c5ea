import { useMemo, type ReactNode } from 'react';
import { Badge, Box, Button, DataList, Flex, Heading, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { combineLatest, distinctUntilChanged, map, timer } from 'rxjs';
import type { VehicleDetail } from '../../../contract/api/types';
import { deviceKey } from '../../../streams/telemetry/device-key';
import { formatNumber, NO_VALUE } from '../device-value';
import { keyDecimals } from '../../../contract/protocol/key-precision';
import { STATUS_STYLE } from '../vehicle-status';
import { IfPermission } from '../access-gate';
import { linkProps } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { useFleetConsole } from '../../lib/services';
import { deviceLabel } from './detail-tabs';
import { lastSeenText } from './last-seen';
import { freshnessAt } from '../../../streams/vehicles/freshness';

/** Silence shows within a second, and its seconds tick. */
const LAST_SEEN_TICK_MS = 1_000;

/**
 * Name, S/N, live status, SOC and last seen; re-renders only when what it shows changes. `actions`
 * sit at the end of the title row.
 */
export function VehicleHeader({ detail, actions }: { detail: VehicleDetail; actions?: ReactNode }) {
  const { fleet } = useFleetConsole();
  const live = useObservableState(
    useMemo(
      () =>
        combineLatest([fleet.vehicle$(detail.id), timer(0, LAST_SEEN_TICK_MS)]).pipe(
          map(([vehicle]) => {
            const now = Date.now();
            const seen = vehicle ?? { lastSeenMs: detail.lastSeen ? Date.parse(detail.lastSeen) : null, reportIntervalMs: 0 };
            const { lastSeenMs, silent } = freshnessAt(seen, now);
            return {
              status: vehicle?.status ?? detail.status,
              soc: vehicle ? vehicle.soc : detail.soc,
              lastSeen: lastSeenText(lastSeenMs, now, silent),
              silent,
              stale: vehicle?.stale ?? false,
              // cmd 97 brings the version a device runs after a firmware update.
              versions: detail.devices
                .map((d) => `${deviceLabel(d.deviceType, d.deviceId)} ${vehicle?.devices[deviceKey(d.deviceType, d.deviceId)]?.version ?? d.version}`)
                .join(' · '),
            };
          }),
          distinctUntilChanged(
            (a, b) => a.status === b.status && a.soc === b.soc && a.lastSeen === b.lastSeen && a.silent === b.silent && a.stale === b.stale && a.versions === b.versions,
          ),
        ),
      [fleet, detail],
    ),
  );
  const status = STATUS_STYLE[live?.status ?? detail.status];
  const place = [detail.fleetName, detail.subFleetName, detail.depotName].filter(Boolean).join(' / ');

  return (
    <Box borderBottomWidth="1px" pb="3" mb="3" opacity={live?.stale ? 0.6 : 1} data-testid="vehicle-header" data-silent={live?.silent ?? false}>
      <Flex align="center" gap="3" wrap="wrap" mb="2">
        <Heading as="h1" size="lg" data-testid="vehicle-name">
          {detail.name}
        </Heading>
        <Badge data-testid="vehicle-status" data-status={live?.status ?? detail.status} variant="outline" borderColor={status.color} color={status.color}>
          {status.label}
        </Badge>
        {live?.silent && live.status !== 'offline' && (
          <Badge colorPalette="orange" variant="subtle" data-testid="vehicle-silent">
            Not reporting
          </Badge>
        )}
        <Text fontSize="sm" color="fg.muted">
          S/N {detail.sn}
        </Text>
        <Flex ms="auto" gap="2">
          <IfPermission permissions={[PERMISSIONS.groupLogView]}>
            <Button size="xs" variant="outline" asChild>
              <a {...linkProps(LINKS.groupLog({ vehicleId: detail.id }))}>Group log</a>
            </Button>
          </IfPermission>
          {actions}
        </Flex>
      </Flex>
      <DataList.Root orientation="horizontal" size="sm" flexDirection="row" flexWrap="wrap" columnGap="8" rowGap="1">
        <DataList.Item>
          <DataList.ItemLabel minWidth="auto">SOC</DataList.ItemLabel>
          <DataList.ItemValue data-testid="vehicle-soc" color={live?.silent ? 'fg.muted' : undefined}>
            {live?.soc === null || live?.soc === undefined ? NO_VALUE : `${formatNumber(live.soc, keyDecimals({ key: 'soc', unit: '%' }))} %`}
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel minWidth="auto">Last seen</DataList.ItemLabel>
          <DataList.ItemValue data-testid="vehicle-last-seen" color={live?.silent ? 'orange.fg' : undefined}>
            {live?.lastSeen}
          </DataList.ItemValue>
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
