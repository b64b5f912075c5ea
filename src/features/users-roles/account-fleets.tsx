// The account form's fleets: shown once the chosen role needs scope (every role but the super
// administrator's that sees vehicles), over the fleets and sub-fleets the person sees, of the kinds
// the role is given; saved with the account (the server checks them as Assign fleets does).
import { SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { scopeKinds } from '../../../contract/api/permissions';
import type { AccountScope, Role } from '../../../contract/api/types';
import { SearchMultiPicker } from '../../components/search-multi-picker';
import { useFleetConsole } from '../../lib/services';
import { usePickerLookup } from '../../lib/use-picker-lookup';

export const NO_SCOPE: AccountScope = { fleetIds: [], subFleetIds: [] };

/** What the role is given of `scope` (a sub-fleet manager keeps no whole fleet). */
export const scopeForRole = (role: Role | undefined, scope: AccountScope): AccountScope => {
  const kinds = role ? scopeKinds(role) : { fleets: false, subFleets: false };
  return { fleetIds: kinds.fleets ? scope.fleetIds : [], subFleetIds: kinds.subFleets ? scope.subFleetIds : [] };
};

/** Fleets and sub-fleets are searched on the server: any of thousands can be given. */
export function AccountFleets(props: { role: Role | undefined; chosen: AccountScope; onChange: (scope: AccountScope) => void }) {
  const { resources } = useFleetConsole();
  const fleetLookup = usePickerLookup(resources.fleets);
  const subFleetLookup = usePickerLookup(resources.subFleets);
  const kinds = props.role ? scopeKinds(props.role) : { fleets: false, subFleets: false };
  const { chosen } = props;
  if (!kinds.fleets && !kinds.subFleets) return null;
  return (
    <Stack gap="2" role="group" aria-label="Fleets of this account">
      <Text fontSize="sm" color="fg.muted">
        Accounts of this role see only the vehicles of the fleets and sub-fleets given to them.
      </Text>
      <SimpleGrid columns={{ base: 1, md: kinds.fleets && kinds.subFleets ? 2 : 1 }} gap="4">
        {kinds.fleets && (
          <Stack gap="1" role="group" aria-label="Fleets">
            <Text fontWeight="medium">Fleets</Text>
            <SearchMultiPicker
              label="Chosen fleets"
              addLabel="Add a fleet"
              value={chosen.fleetIds}
              {...fleetLookup}
              onChange={(fleetIds) => props.onChange({ ...chosen, fleetIds })}
            />
          </Stack>
        )}
        {kinds.subFleets && (
          <Stack gap="1" role="group" aria-label="Sub-fleets">
            <Text fontWeight="medium">Sub-fleets</Text>
            <SearchMultiPicker
              label="Chosen sub-fleets"
              addLabel="Add a sub-fleet"
              value={chosen.subFleetIds}
              {...subFleetLookup}
              onChange={(subFleetIds) => props.onChange({ ...chosen, subFleetIds })}
            />
          </Stack>
        )}
      </SimpleGrid>
    </Stack>
  );
}
