// Why Home is empty for a person who sees no fleet: an account of a role that needs scope sees only
// the fleets and sub-fleets given to it, and until it is given some every count is 0.
import { Alert } from '@chakra-ui/react';
import { ROLE_KEYS } from '../../../contract/api/permissions';
import { useAccount } from '../../lib/use-account';

export function NoFleetNotice(props: { fleets: number | undefined }) {
  const account = useAccount();
  if (props.fleets !== 0 || account.status !== 'ready') return null;
  const superAdmin = account.info.roles.includes(ROLE_KEYS.superAdmin);
  return (
    <Alert.Root status="info" data-testid="no-fleet-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{superAdmin ? 'There are no fleets yet.' : 'You have no fleet assigned, so there are no vehicles or alarms to show.'}</Alert.Title>
        <Alert.Description>
          {superAdmin
            ? 'Add a fleet under Vehicle groups, then add its vehicles.'
            : 'A super administrator, or a colleague who manages accounts, can give you fleets: under Users & roles, edit your account or use Assign fleets on your role.'}
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
