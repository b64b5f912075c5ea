// "Assign fleets" on /role/alocation/page: the fleets and sub-fleets one holder of the role manages
// or sees, chosen from those the server offers (the caller's own places, of the kinds the role is given).
import { useState } from 'react';
import { NEVER } from 'rxjs';
import { Box, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { Account, AccountScope, AccountScopeChoices } from '../../../contract/api/types';
import { DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';

const toggled = (ids: readonly string[], id: string, on: boolean) => (on ? [...ids, id] : ids.filter((x) => x !== id));

function PlaceList(props: {
  label: string;
  places: ReadonlyArray<{ id: string; name: string; note?: string }>;
  chosen: readonly string[];
  onChange: (id: string, on: boolean) => void;
}) {
  return (
    <Stack gap="1" role="group" aria-label={props.label}>
      <Text fontWeight="medium">{props.label}</Text>
      {props.places.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          None match.
        </Text>
      ) : (
        props.places.map((p) => (
          <label key={p.id}>
            <input type="checkbox" checked={props.chosen.includes(p.id)} onChange={(event) => props.onChange(p.id, event.currentTarget.checked)} /> {p.name}
            {p.note && (
              <Text as="span" fontSize="xs" color="fg.muted">
                {' '}
                ({p.note})
              </Text>
            )}
          </label>
        ))
      )}
    </Stack>
  );
}

/** Checkboxes over the fleets and sub-fleets offered, with a search; `choices` holds only the kinds the role is given. */
export function ScopeChooser(props: { choices: Pick<AccountScopeChoices, 'fleets' | 'subFleets'>; chosen: AccountScope; onChange: (scope: AccountScope) => void }) {
  const [search, setSearch] = useState('');
  const { choices, chosen } = props;
  if (choices.fleets.length === 0 && choices.subFleets.length === 0) {
    return <Text color="fg.muted">This role sees no vehicles, or you have no fleets to give.</Text>;
  }
  const term = search.trim().toLowerCase();
  const matches = (...names: string[]) => term === '' || names.some((n) => n.toLowerCase().includes(term));
  return (
    <Stack gap="3" data-testid="scope-lists">
      <Input
        size="sm"
        type="search"
        aria-label="Search fleets and sub-fleets"
        placeholder="Search fleets and sub-fleets"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
      />
      <SimpleGrid columns={{ base: 1, md: choices.fleets.length > 0 && choices.subFleets.length > 0 ? 2 : 1 }} gap="4">
        {choices.fleets.length > 0 && (
          <PlaceList
            label="Fleets"
            places={choices.fleets.filter((f) => matches(f.name))}
            chosen={chosen.fleetIds}
            onChange={(id, on) => props.onChange({ ...chosen, fleetIds: toggled(chosen.fleetIds, id, on) })}
          />
        )}
        {choices.subFleets.length > 0 && (
          <PlaceList
            label="Sub-fleets"
            places={choices.subFleets.filter((s) => matches(s.name, s.fleetName)).map((s) => ({ id: s.id, name: s.name, note: s.fleetName }))}
            chosen={chosen.subFleetIds}
            onChange={(id, on) => props.onChange({ ...chosen, subFleetIds: toggled(chosen.subFleetIds, id, on) })}
          />
        )}
      </SimpleGrid>
    </Stack>
  );
}

export function AssignFleetsDialog(props: { account: Account | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const accountId = props.account?.id ?? '';
  const scope = useResource(() => (accountId ? resources.accountAdmin.scope$(accountId) : NEVER), [accountId]);
  const [edited, setEdited] = useState<AccountScope | null>(null);
  const loaded = scope.status === 'ready' ? scope.data : undefined;
  const chosen = edited ?? (loaded ? { fleetIds: loaded.fleetIds, subFleetIds: loaded.subFleetIds } : null);
  const close = () => {
    setEdited(null);
    props.onClose();
  };
  return (
    <DialogForm<never>
      open={props.account !== null}
      title={`Assign fleets to ${props.account?.userName ?? ''}`}
      success={SUCCESS.assigned}
      submitLabel="Assign"
      initial={{}}
      fields={[]}
      onSubmit={async () => {
        if (!chosen) throw new Error('The fleets are still loading');
        await resources.accountAdmin.saveScope(accountId, chosen);
      }}
      onClose={close}
    >
      <Box minHeight="24">
        {loaded && chosen ? (
          <ScopeChooser choices={loaded} chosen={chosen} onChange={setEdited} />
        ) : (
          <Text color="fg.muted">{scope.status === 'error' ? 'The fleets could not be loaded.' : 'Loading the fleets…'}</Text>
        )}
      </Box>
      <Text fontSize="sm" color="fg.muted">
        Their open consoles see the change at once.
      </Text>
    </DialogForm>
  );
}
