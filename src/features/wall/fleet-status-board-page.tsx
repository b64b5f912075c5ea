// /wall/fleet?fleetId=: a fleet's status board for the wall. A big tile per vehicle (name, status,
// SOC, last seen) readable from across the room, the vehicles in alarm and offline first, the whole
// fleet on one screen. It reads only the live fleet a wall already has (snapshot and status frames).
import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Flex, Grid, Heading, Text } from '@chakra-ui/react';
import { useObservable, useObservableState } from 'observable-hooks';
import { auditTime, combineLatest, distinctUntilChanged, map, switchMap, timer } from 'rxjs';
import type { VehicleStatus } from '../../../contract/protocol/types';
import { formatNumber, NO_VALUE } from '../../components/device-value';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { keyDecimals } from '../../../contract/protocol/key-precision';
import { usePinnedSearch } from '../../lib/navigation';
import { remScale } from '../../lib/rem-scale';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { sameBoard, statusBoard, TILE_GAP_REM, TILE_SIZES, type StatusTile, type TileSize } from './status-board-tiles';

const ALL_FLEETS = { pageNum: 1, pageSize: 500 };
/** Status frames land at most twice a second; "last seen" ticks every second. */
const PUBLISH_EVERY_MS = 500;
const TICK_MS = 1000;
const SOC_DECIMALS = keyDecimals({ key: 'soc', unit: '%' });
const STATUSES: readonly VehicleStatus[] = ['alarm', 'offline', 'normal'];
const TYPE: Record<TileSize, { name: string; soc: string; small: string }> = {
  large: { name: '2xl', soc: '4xl', small: 'lg' },
  compact: { name: 'lg', soc: '2xl', small: 'sm' },
};

/** The element's size in rem, so the board's fit follows the wall's type scale. */
function useSizeInRem(): [React.RefObject<HTMLDivElement | null>, { width: number; height: number } | null] {
  const ref = useRef<HTMLDivElement>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = ref.current!;
    const measure = () => {
      const rem = remScale() * 16;
      setSize({ width: element.clientWidth / rem, height: element.clientHeight / rem });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}

function Tile({ tile, size }: { tile: StatusTile; size: TileSize }) {
  const style = STATUS_STYLE[tile.status];
  const type = TYPE[size];
  return (
    <Flex
      direction="column"
      justify="space-between"
      minWidth="0"
      height={`${TILE_SIZES[size].height}rem`}
      px="3"
      py="2"
      borderWidth="1px"
      borderLeftWidth="0.5rem"
      borderLeftColor={style.color}
      borderRadius="lg"
      bg={tile.status === 'alarm' ? { base: 'red.100', _dark: 'red.950' } : 'bg.subtle'}
      data-testid="status-tile"
      data-status={tile.status}
      data-silent={tile.silent}
    >
      <Text fontSize={type.name} fontWeight="bold" lineHeight="short" truncate data-testid="tile-name">
        {tile.name}
      </Text>
      <Flex align="baseline" gap="3">
        <Text fontSize={type.soc} fontWeight="bold" lineHeight="1" fontVariantNumeric="tabular-nums" color={tile.silent ? 'fg.muted' : undefined} data-testid="tile-soc">
          {tile.soc === null ? NO_VALUE : `${formatNumber(tile.soc, SOC_DECIMALS)} %`}
        </Text>
        <Text fontSize={type.small} fontWeight="semibold" color={style.color} truncate>
          {style.label}
        </Text>
      </Flex>
      <Text fontSize={type.small} color={tile.silent ? 'orange.fg' : 'fg.muted'} truncate data-testid="tile-last-seen">
        {tile.silent && tile.status !== 'offline' ? `Not reporting · ${tile.lastSeen}` : `Last seen ${tile.lastSeen}`}
      </Text>
    </Flex>
  );
}

export default function FleetStatusBoardPage() {
  const { fleet, resources } = useFleetConsole();
  const fleetId = new URLSearchParams(usePinnedSearch()).get('fleetId') ?? '';
  const fleets = useList<{ id: string; name: string }>(resources.fleets, ALL_FLEETS).data?.rows;
  const fleetName = fleets?.find((f) => f.id === fleetId)?.name;
  const [gridRef, area] = useSizeInRem();
  const board = useObservableState(
    useObservable(
      (inputs$) =>
        inputs$.pipe(
          switchMap(([id, size]) =>
            combineLatest([fleet.vehicles$.pipe(auditTime(PUBLISH_EVERY_MS)), timer(0, TICK_MS)]).pipe(
              map(([vehicles]) => statusBoard(vehicles, id, Date.now(), size)),
              distinctUntilChanged(sameBoard),
            ),
          ),
        ),
      [fleetId, area],
    ),
  );
  const fit = board?.fit;
  const hidden = board && fit ? board.total - fit.shown : 0;

  return (
    <Flex direction="column" gap="4" p="4" height="full" minHeight="0" data-testid="fleet-status-board">
      <Flex align="center" gap="6" wrap="wrap" flexShrink={0}>
        <Heading as="h2" size="3xl" truncate data-testid="board-fleet-name">
          {fleetName ?? (fleets ? 'Fleet not found' : '')}
        </Heading>
        <Box flex="1" />
        {STATUSES.map((status) => (
          <Flex key={status} align="baseline" gap="2" data-testid={`fleet-board-${status}`}>
            <Text fontSize="3xl" fontWeight="bold" color={STATUS_STYLE[status].color}>
              {board?.counts[status] ?? 0}
            </Text>
            <Text fontSize="xl">{STATUS_STYLE[status].label}</Text>
          </Flex>
        ))}
      </Flex>
      <Box ref={gridRef} flex="1" minHeight="0" overflow="hidden">
        {board?.total === 0 && (
          <Text fontSize="2xl" color="fg.muted">
            No vehicles in this fleet.
          </Text>
        )}
        {board && fit && (
          <Grid templateColumns={`repeat(${fit.columns}, minmax(0, 1fr))`} gap={`${TILE_GAP_REM}rem`} data-size={fit.size}>
            {board.tiles.map((tile) => (
              <Tile key={tile.id} tile={tile} size={fit.size} />
            ))}
            {hidden > 0 && (
              <Flex align="center" justify="center" height={`${TILE_SIZES[fit.size].height}rem`} borderWidth="1px" borderRadius="lg" data-testid="tiles-hidden">
                <Badge size="lg" variant="surface">
                  +{hidden} more
                </Badge>
              </Flex>
            )}
          </Grid>
        )}
      </Box>
    </Flex>
  );
}
