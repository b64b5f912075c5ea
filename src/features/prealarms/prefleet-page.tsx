// /prealarm/prefleet/page: a fleet's pre-alarm rules (the pre-fleet title names it) and its
// sub-fleets, each opening its own rules.
import { Box, Heading, Stack } from '@chakra-ui/react';
import { of } from 'rxjs';
import type { SubFleet } from '../../../contract/api/types';
import { useHeaderCountOf } from '../../components/header-count';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { usePinnedSearch } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useListUrl } from '../../lib/use-list-url';
import { useResource } from '../../lib/use-resource';
import { PREALARM_COUNT, PrealarmRules } from './prealarm-rules';

const SUB_FILTERS = [] as const;
const EMPTY = of({ status: 'ready' as const, stale: false, data: null });

export default function PrefleetPage() {
  const { resources, session } = useFleetConsole();
  const fleetId = new URLSearchParams(usePinnedSearch()).get('fleetId') ?? session.get('prealarmFleetId') ?? '';
  // Opened from its address (a new tab), the session names no fleet or another one: ask the server.
  const named = session.get('prealarmFleetId') === fleetId ? session.get('preFleetTitle') : null;
  const fleet = useResource(() => (named === null && fleetId ? resources.fleets.get$(fleetId) : EMPTY), [resources, named, fleetId]);
  const title = named ?? fleet.data?.name ?? 'Fleet';
  const subList = useListUrl(SUB_FILTERS, 'sub');
  // The page is the fleet's pre-alarms: the header counts its rules, not its sub-fleets.
  useHeaderCountOf(PREALARM_COUNT);
  const open = (sub: SubFleet) => session.set('preSubFleetTitle', sub.name);
  const subColumns: ReadonlyArray<ListColumn<SubFleet>> = [
    {
      id: 'name',
      header: 'Sub-fleet',
      value: (s) => s.name,
      link: (s) => ({ href: LINKS.preSubFleet(s.id), beforeOpen: () => open(s) }),
    },
    { id: 'vehicles', header: 'Vehicles', value: (s) => s.vehicles, align: 'end', width: '10rem' },
  ];
  return (
    <Stack gap="6" p={{ base: '3', md: '5' }}>
      <Heading as="h2" size="lg">
        {title}: pre-alarms
      </Heading>
      <PrealarmRules fleetId={fleetId} subFleetId={null} label={`Pre-alarms of ${title}`} />
      <Box>
        <Heading as="h3" size="md" mb="2">
          Sub-fleets
        </Heading>
        <ListPage
          resource={resources.subFleets}
          list={{ ...subList, query: { ...subList.query, filters: { fleetId } } }}
          columns={subColumns}
          rowId={(s) => s.id}
          label={`Sub-fleets of ${title}`}
          countKey="sub-fleets"
          failed="The sub-fleets could not be loaded."
          minWidth="30rem"
          empty="This fleet has no sub-fleets."
        />
      </Box>
    </Stack>
  );
}
