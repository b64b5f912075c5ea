// /home: what a control room stares at. Live map, counts by status (which filter the map), the
// active alarm feed and the breakdown by fleet, sub-fleet or depot.
import { Box, Flex, Grid, Input, NativeSelect, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { memo } from 'react';
import { useObservable, useObservableState } from 'observable-hooks';
import { combineLatest, distinctUntilChanged, map, switchMap } from 'rxjs';
import type { VehicleStatus } from '../../../contract/protocol/types';
import type { FleetSnapshot, VehicleState } from '../../../streams/vehicles/types';
import { ConnectionBanner } from '../../components/connection-banner';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { navigate, onPlainClick } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useResource } from '../../lib/use-resource';
import { useFleetConsole, useServices } from '../../lib/services';
import { AlarmFeed } from './alarm-feed';
import { FleetBreakdown } from './fleet-breakdown';
import { cardCounts$ } from './filtered-counts';
import { FleetMap } from './fleet-map';
import { NoFleetNotice } from './no-fleet-notice';
import { useMapDepots, useOfflineTiles } from './use-map-places';
import { homeFiltersSearch, matchesHomeFilters, useHomeFilters, type HomeFilters, type VehicleFilters } from './use-home-filters';

const STATUSES: readonly VehicleStatus[] = ['normal', 'alarm', 'offline'];
// One empty list, so that publishes without a search do not re-render the page.
const NO_MATCHES: readonly VehicleState[] = [];

const CountCard = chakra('button', {
  base: {
    textAlign: 'start',
    borderWidth: '1px',
    borderRadius: 'lg',
    px: '4',
    py: '3',
    cursor: 'pointer',
    borderTopWidth: '4px',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '2px' },
    '&[aria-pressed=true]': { bg: 'bg.emphasized' },
  },
});

/** Filters on outlines, so only the vehicles shown get their snapshots built on each publish. */
function filterVehicles(all: FleetSnapshot, filters: VehicleFilters): FleetSnapshot {
  if (!filters.status && !filters.fleetId && !filters.query) return all;
  return all.select((outline) => matchesHomeFilters(outline, filters));
}

/** One count card; memoised, so a change of one count re-renders that card alone (the wall's cards change every second). */
const StatusCard = memo(function StatusCard(props: {
  label: string;
  count: number | undefined;
  color: string;
  testId: string;
  /** What a click filters by; a pressed card clears the filter. */
  filter: VehicleStatus | null;
  pressed: boolean;
  onFilter: (status: VehicleStatus | null) => void;
}) {
  const { filter, pressed, onFilter } = props;
  return (
    <CountCard type="button" aria-pressed={pressed} borderTopColor={props.color} onClick={() => onFilter(pressed ? null : filter)}>
      <Text fontSize="sm" color="fg.muted">
        {props.label}
      </Text>
      <Text fontSize="2xl" fontWeight="bold" data-testid={props.testId}>
        {props.count ?? '–'}
      </Text>
    </CountCard>
  );
});

/** The counts by status under the fleet filter and the search, which filter the map; re-rendered on their own as statuses change. */
function StatusCounts(props: { filters: HomeFilters; onFilter: (status: VehicleStatus | null) => void }) {
  const { onFilter } = props;
  const { status } = props.filters;
  const { fleet } = useFleetConsole();
  const summary = useObservableState(
    useObservable((inputs$) => inputs$.pipe(switchMap(([fleetId, query]) => cardCounts$(fleet, { fleetId, query }))), [props.filters.fleetId, props.filters.query]),
  );
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3" data-testid="status-counts">
      <StatusCard label="All vehicles" count={summary?.total} color="blue.500" testId="count-total" filter={null} pressed={status === null} onFilter={onFilter} />
      {STATUSES.map((card) => (
        <StatusCard
          key={card}
          label={STATUS_STYLE[card].label}
          count={summary?.[card]}
          color={STATUS_STYLE[card].color}
          testId={`count-${card}`}
          filter={card}
          pressed={status === card}
          onFilter={onFilter}
        />
      ))}
    </SimpleGrid>
  );
}

export default function HomePage() {
  const { console: fleetConsole, config } = useServices();
  const [filters, setFilters] = useHomeFilters();
  // Only whether the data is stale: the page does not re-render for every change of the counts.
  const stale = useObservableState(
    useObservable(() =>
      fleetConsole.fleet.summary$.pipe(
        map((summary) => summary.stale),
        distinctUntilChanged(),
      ),
    ),
    false,
  );
  const fleetList = useResource(() => fleetConsole.resources.factories$(), [fleetConsole]).data;
  const fleets = fleetList ?? [];
  const depots = useMapDepots(filters.fleetId);
  const offlineTiles = useOfflineTiles();

  const shown$ = useObservable(
    (inputs$) => combineLatest([fleetConsole.fleet.vehicles$, inputs$]).pipe(map(([all, [status, fleetId, query]]) => filterVehicles(all, { status, fleetId, query }))),
    [filters.status, filters.fleetId, filters.query],
  );
  const matches = useObservableState(
    useObservable(
      (inputs$) => combineLatest([shown$, inputs$]).pipe(map(([shown, [query]]) => (query ? [...shown.values()].slice(0, 20) : NO_MATCHES))),
      [filters.query],
    ),
    [],
  );

  const openVehicle = (id: string) => {
    fleetConsole.session.set('vehicleId', id);
    fleetConsole.session.set('originFlag', 'home');
    navigate(LINKS.vehicle(id));
  };

  return (
    <Flex direction="column" height="full" minHeight="0">
      <ConnectionBanner />
      <Stack gap="3" p={{ base: '3', md: '4' }} flex="1" minHeight="0">
        <NoFleetNotice fleets={fleetList?.length} />
        <StatusCounts filters={filters} onFilter={(status) => setFilters({ status })} />
        <Flex gap="3" wrap="wrap">
          <Input
            aria-label="Search by name or S/N"
            placeholder="Search by name or S/N"
            value={filters.query}
            onChange={(event) => setFilters({ query: event.currentTarget.value })}
            maxWidth="sm"
            size="sm"
          />
          <NativeSelect.Root size="sm" width="60">
            <NativeSelect.Field aria-label="Fleet" value={filters.fleetId ?? ''} onChange={(event) => setFilters({ fleetId: event.currentTarget.value || null })}>
              <option value="">All fleets</option>
              {fleets.map((fleet) => (
                <option key={fleet.factoryId} value={fleet.factoryId}>
                  {fleet.factoryName}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {stale && (
            <Text fontSize="sm" color="orange.fg" alignSelf="center">
              Refreshing after reconnect…
            </Text>
          )}
        </Flex>
        {/*
         * From 1280 px the map fills the height beside the alarm feed over the breakdown. On a laptop
         * (1024-1279 px) the feed keeps the map's full height, at least 520 px (seven alarms or more),
         * and the breakdown follows below the map. Narrower, all three stack.
         */}
        <Grid
          flex="1"
          minHeight="0"
          gap="3"
          templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 22rem', xl: 'minmax(0, 1fr) 24rem', '2xl': 'minmax(0, 1fr) 28rem' }}
          templateRows={{ base: '420px 420px auto', lg: 'minmax(520px, 1fr) auto', xl: 'minmax(0, 1fr) auto' }}
          templateAreas={{ base: '"map" "side" "breakdown"', lg: '"map side" "breakdown side"', xl: '"map side" "map breakdown"' }}
        >
          <Box gridArea="map" minHeight="0">
            <FleetMap
              vehicles$={shown$}
              stale={stale}
              fitKey={homeFiltersSearch({ ...filters, severity: null })}
              tileUrl={config.tileUrl}
              tileAttribution={config.tileAttribution}
              offlineTiles={offlineTiles}
              depots={depots}
              vehicleHref={LINKS.vehicle}
              onOpenVehicle={openVehicle}
            />
          </Box>
          <Flex gridArea="side" direction="column" gap="3" minHeight="0">
            {filters.query && (
              <Box borderWidth="1px" borderRadius="lg" maxHeight="40%" overflowY="auto" data-testid="search-results">
                {matches.length === 0 && (
                  <Text p="3" color="fg.muted" fontSize="sm">
                    No vehicle matches.
                  </Text>
                )}
                {matches.map((vehicle) => (
                  <chakra.a
                    key={vehicle.id}
                    href={LINKS.vehicle(vehicle.id)}
                    display="flex"
                    width="full"
                    gap="2"
                    px="3"
                    py="2"
                    borderBottomWidth="1px"
                    textAlign="start"
                    _hover={{ bg: 'bg.muted' }}
                    onClick={onPlainClick(() => openVehicle(vehicle.id))}
                  >
                    <Box width="2.5" height="2.5" borderRadius="full" bg={STATUS_STYLE[vehicle.status].color} alignSelf="center" flexShrink={0} />
                    <Text fontWeight="semibold" truncate>
                      {vehicle.name}
                    </Text>
                    <Text ms="auto" fontSize="sm" color="fg.muted">
                      {vehicle.sn}
                    </Text>
                  </chakra.a>
                ))}
              </Box>
            )}
            <AlarmFeed fleetId={filters.fleetId} severity={filters.severity} onSeverity={(severity) => setFilters({ severity })} />
          </Flex>
          <Flex gridArea="breakdown" direction="column">
            <FleetBreakdown />
          </Flex>
        </Grid>
      </Stack>
    </Flex>
  );
}
