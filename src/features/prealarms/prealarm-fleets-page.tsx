// /data/prealarm: the fleets the user sees with how many pre-alarm rules each holds (its own and
// its sub-fleets'); a fleet opens its rules and sub-fleets.
import type { PrealarmFleet } from '../../../streams/api/report-calls';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useListUrl } from '../../lib/use-list-url';

const FILTERS = [] as const;

export default function PrealarmFleetsPage() {
  const { resources, session } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const open = (fleet: PrealarmFleet) => {
    session.set('prealarmFleetId', fleet.id);
    session.set('preFleetTitle', fleet.name);
  };
  const columns: ReadonlyArray<ListColumn<PrealarmFleet>> = [
    {
      id: 'name',
      header: 'Fleet',
      value: (f) => f.name,
      link: (f) => ({ href: LINKS.preFleet(f.id), beforeOpen: () => open(f) }),
    },
    { id: 'vehicles', header: 'Vehicles', value: (f) => f.vehicles, align: 'end', width: '10rem' },
    { id: 'prealarms', header: 'Pre-alarms', value: (f) => f.prealarms, align: 'end', width: '10rem' },
  ];
  return (
    <ListPage
      resource={resources.prealarmFleets}
      list={list}
      columns={columns}
      rowId={(f) => f.id}
      label="Pre-alarm fleets"
      failed="The fleets could not be loaded."
      empty="No fleets to set pre-alarms on."
    />
  );
}
