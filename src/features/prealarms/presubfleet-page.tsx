// /prealarm/presubfleet/page: a sub-fleet's pre-alarm rules (the pre-sub-fleet title names it).
import { Heading, Stack } from '@chakra-ui/react';
import { ResourceView } from '../../components/resource-view';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { PrealarmRules } from './prealarm-rules';

export default function PresubfleetPage() {
  const { resources, session } = useFleetConsole();
  const subFleetId = new URLSearchParams(usePinnedSearch()).get('subFleetId') ?? '';
  const sub = useResource(() => resources.subFleets.get$(subFleetId), [resources, subFleetId]);
  return (
    <ResourceView state={sub} failed="This sub-fleet cannot be shown. Open it again from its fleet's pre-alarms.">
      {(s) => {
        const title = session.get('preSubFleetTitle') ?? s.name;
        return (
          <Stack gap="6" p={{ base: '3', md: '5' }}>
            <Heading as="h2" size="lg">
              {title}: pre-alarms
            </Heading>
            <PrealarmRules fleetId={s.fleetId} subFleetId={s.id} label={`Pre-alarms of ${title}`} />
          </Stack>
        );
      }}
    </ResourceView>
  );
}
