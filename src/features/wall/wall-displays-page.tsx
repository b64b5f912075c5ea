// /wall/displays (super.admin): the walls' display tokens on the admin kit's list page. Add display
// issues a named token, over every fleet or one, and shows its display link once to copy onto the
// wall; each row's Playlist picker switches that wall to a playlist (or back to its board) at once;
// Revoke blanks that wall at once. Last seen says when and from where each wall last read, and the
// list reads again every half minute to keep it current.
import { useState } from 'react';
import { Badge, Button, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { listTimeOr } from '../../lib/date-format';
import { Plus } from 'lucide-react';
import type { DisplayToken, IssuedDisplayToken, Playlist } from '../../../contract/api/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyLink } from '../../components/copy-link';
import { DialogForm } from '../../components/dialog-form';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { SearchPicker } from '../../components/search-picker';
import { showSuccess } from '../../components/toaster';
import { SUCCESS } from '../../lib/messages';
import { linkProps } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useListUrl } from '../../lib/use-list-url';
import { usePickerLookup } from '../../lib/use-picker-lookup';
import { groupName } from '../../lib/validation';
import { WallAdminOnly } from './wall-admin-only';

const FILTERS = [] as const;
const ALL_PLAYLISTS = { pageNum: 1, pageSize: 500 };
const NO_PLAYLIST = '';
const EVERY_FLEET = '';
/** Last seen moves at most once a minute per wall (server side): half that keeps the list current. */
const LAST_SEEN_POLL = { everyMs: 30_000 };
const when = (iso: string | null) => listTimeOr(iso, '--');

function IssuedLink({ issued, onClose }: { issued: IssuedDisplayToken; onClose: () => void }) {
  return (
    <Stack gap="2" borderWidth="1px" borderColor="blue.muted" rounded="md" p="3" data-testid="issued-display">
      <Text fontWeight="semibold">Display link for {issued.name}: open it once on the wall. It is shown only now.</Text>
      <CopyLink link={issued.link} label="Display link" testId="display-link" />
      <Button size="xs" variant="ghost" alignSelf="start" onClick={onClose}>
        Done
      </Button>
    </Stack>
  );
}

/** A display's playlist: None (its board) or one of the playlists; a change reaches its wall at once. */
function PlaylistPicker({ display, playlists }: { display: DisplayToken; playlists: Playlist[] }) {
  const { resources } = useFleetConsole();
  const [busy, setBusy] = useState(false);
  if (display.revokedAt) return <Text color="fg.muted">{display.playlistName ?? 'None'}</Text>;
  const assigned = display.playlistId ?? NO_PLAYLIST;
  // Until the playlists load, the assigned one is still shown by name.
  const options =
    playlists.some((p) => p.id === display.playlistId) || !display.playlistId
      ? playlists
      : [{ id: display.playlistId, name: display.playlistName ?? display.playlistId }, ...playlists];
  const assign = (playlistId: string) => {
    setBusy(true);
    void resources
      .assignDisplayPlaylist(display.id, playlistId || null)
      .then(
        () => showSuccess(SUCCESS.modified),
        () => undefined,
      )
      .finally(() => setBusy(false));
  };
  return (
    <NativeSelect.Root size="xs" width="full" disabled={busy}>
      <NativeSelect.Field
        aria-label={`Playlist of ${display.name}`}
        title="What this wall plays: None shows its board. The wall switches at once."
        value={assigned}
        onChange={(event) => assign(event.currentTarget.value)}
      >
        <option value={NO_PLAYLIST}>None</option>
        {options.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function DisplayTokens() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  // Searched on the server: any of thousands of fleets can be shown on a display.
  const fleetLookup = usePickerLookup(resources.fleets);
  const playlists = useList<Playlist>(resources.playlists, ALL_PLAYLISTS).data?.rows ?? [];
  const [adding, setAdding] = useState(false);
  const [issued, setIssued] = useState<IssuedDisplayToken | null>(null);
  const [revoking, setRevoking] = useState<DisplayToken | null>(null);

  const columns: ListColumn<DisplayToken>[] = [
    { id: 'name', header: 'Display', value: (d) => d.name },
    { id: 'fleet', header: 'Fleets', value: (d) => d.fleetName ?? 'Every fleet' },
    {
      id: 'playlist',
      header: 'Playlist',
      // Narrow enough that the row's Revoke stays in view on a 1100 px screen.
      width: '8rem',
      value: (d) => d.playlistName ?? 'None',
      cell: (d) => <PlaylistPicker display={d} playlists={playlists} />,
    },
    { id: 'createdAt', header: 'Issued', width: '10rem', value: (d) => when(d.createdAt) },
    { id: 'lastSeenAt', header: 'Last seen', width: '10rem', value: (d) => when(d.lastSeenAt) },
    { id: 'lastSeenAddress', header: 'Address', width: '9rem', value: (d) => d.lastSeenAddress ?? '--' },
    {
      id: 'status',
      header: 'Status',
      width: '7rem',
      value: (d) => (d.revokedAt ? 'Revoked' : 'Active'),
      cell: (d) => <Badge colorPalette={d.revokedAt ? 'gray' : 'green'}>{d.revokedAt ? 'Revoked' : 'Active'}</Badge>,
    },
    {
      id: 'actions',
      header: '',
      exported: false,
      width: '6rem',
      value: () => '',
      cell: (d) =>
        d.revokedAt ? null : (
          <Button size="xs" variant="ghost" color="fg.error" onClick={() => setRevoking(d)}>
            Revoke
          </Button>
        ),
    },
  ];

  return (
    <Stack gap="3">
      {issued && <IssuedLink issued={issued} onClose={() => setIssued(null)} />}
      <ListPage
        resource={resources.displays}
        list={list}
        columns={columns}
        rowId={(d) => d.id}
        poll={LAST_SEEN_POLL}
        label="Wall displays"
        failed="The wall displays could not be loaded."
        empty="No wall displays yet. Add one with Add display."
        actions={
          <HStack>
            <Button size="sm" variant="outline" asChild>
              <a {...linkProps(ROUTES.wallPlaylists.path)}>Playlists</a>
            </Button>
            <Button size="sm" colorPalette="blue" onClick={() => setAdding(true)}>
              <Plus /> Add display
            </Button>
          </HStack>
        }
      />
      <DialogForm
        open={adding}
        title="Add display"
        submitLabel="Issue token"
        success={SUCCESS.added}
        initial={{ name: '', fleetId: EVERY_FLEET }}
        fields={[
          { name: 'name', label: 'Display name', rules: [groupName], required: true },
          {
            name: 'fleetId',
            label: 'Fleets shown',
            rules: [],
            editor: (value: string, change: (value: string) => void) => (
              <SearchPicker label="Fleets shown" none="Every fleet" width="full" value={value} {...fleetLookup} onChange={(fleet) => change(fleet?.id ?? EVERY_FLEET)} />
            ),
          },
        ]}
        onSubmit={async ({ name, fleetId }) => setIssued(await resources.displays.create({ name: name.trim(), fleetId: fleetId || null }))}
        onClose={() => setAdding(false)}
      />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke display"
        confirmLabel="Revoke"
        danger
        onConfirm={() => resources.revokeDisplay(revoking!.id)}
        onClose={() => setRevoking(null)}
      >
        {revoking && `Revoke ${revoking.name}? The wall goes blank at once and its link stops working.`}
      </ConfirmDialog>
    </Stack>
  );
}

export default function WallDisplaysPage() {
  return (
    <WallAdminOnly>
      <DisplayTokens />
    </WallAdminOnly>
  );
}
