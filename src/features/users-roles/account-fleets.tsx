// The account form's fleets: shown once the chosen role needs scope (every role but the super
// administrator's that sees vehicles), over the fleets and sub-fleets the person sees, of the kinds
// the role is given; saved with the account (the server checks them as Assign fleets does).
import { useMemo } from 'react';
import { Stack, Text } from '@chakra-ui/react';
import { scopeKinds } from '../../../contract/api/permissions';
import type { AccountScope, Role } from '../../../contract/api/types';
import { useFleetPlaces } from '../vehicles/fleet-places';
import { ScopeChooser } from './assign-fleets-dialog';

export const NO_SCOPE: AccountScope = { fleetIds: [], subFleetIds: [] };

/** What the role is given of `scope` (a sub-fleet manager keeps no whole fleet). */
export const scopeForRole = (role: Role | undefined, scope: AccountScope): AccountScope => {
  const kinds = role ? scopeKinds(role) : { fleets: false, subFleets: false };
  return { fleetIds: kinds.fleets ? scope.fleetIds : [], subFleetIds: kinds.subFleets ? scope.subFleetIds : [] };
};

export function AccountFleets(props: { role: Role | undefined; chosen: AccountScope; onChange: (scope: AccountScope) => void }) {
  const places = useFleetPlaces();
  const kinds = props.role ? scopeKinds(props.role) : { fleets: false, subFleets: false };
  const choices = useMemo(() => {
    const names = new Map(places.fleets.map((fleet) => [fleet.id, fleet.name]));
    return {
      fleets: kinds.fleets ? places.fleets.map((fleet) => ({ id: fleet.id, name: fleet.name })) : [],
      subFleets: kinds.subFleets ? places.subFleets.map((sub) => ({ id: sub.id, name: sub.name, fleetId: sub.fleetId, fleetName: names.get(sub.fleetId) ?? '' })) : [],
    };
  }, [places, kinds.fleets, kinds.subFleets]);
  if (!kinds.fleets && !kinds.subFleets) return null;
  return (
    <Stack gap="2" role="group" aria-label="Fleets of this account">
      <Text fontSize="sm" color="fg.muted">
        Accounts of this role see only the vehicles of the fleets and sub-fleets given to them.
      </Text>
      {places.loaded ? <ScopeChooser choices={choices} chosen={props.chosen} onChange={props.onChange} /> : <Text color="fg.muted">Loading the fleets…</Text>}
    </Stack>
  );
}
