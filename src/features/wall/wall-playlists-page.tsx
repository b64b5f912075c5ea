// /wall/playlists (super.admin): the walls' playlists on the admin kit's list page, each edited in the
// kit's dialog form: a name and ordered views with their seconds on screen. Copy link copies a link
// that starts the playlist on a screen already showing a wall display, and shows it with what it does;
// a wall is given a playlist for good on Wall displays.
import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { formatListTime } from '../../lib/date-format';
import { Plus } from 'lucide-react';
import type { Playlist, WallView } from '../../../contract/api/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyLink, copyLink } from '../../components/copy-link';
import { DialogForm } from '../../components/dialog-form';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { usePickerLookup } from '../../lib/use-picker-lookup';
import { useListUrl } from '../../lib/use-list-url';
import { groupName } from '../../lib/validation';
import { DWELL_S, PlaylistViewsEditor, viewsProblem } from './playlist-views-editor';
import { WallAdminOnly } from './wall-admin-only';
import { WALL_VIEW_LABEL } from '../../lib/wall-views';

const FILTERS = [] as const;

function PlaylistDialog({ playlist, onClose }: { playlist: Playlist | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const fleets = usePickerLookup(resources.fleets);
  const vehicles = usePickerLookup(resources.vehicles);
  const [views, setViews] = useState<WallView[]>(playlist?.views ?? [{ kind: 'alarms', dwellS: DWELL_S.default }]);
  const [tried, setTried] = useState(false);
  const problem = viewsProblem(views);
  return (
    <DialogForm
      open
      title={playlist ? 'Edit playlist' : 'Add playlist'}
      success={playlist ? SUCCESS.modified : SUCCESS.added}
      initial={{ name: playlist?.name ?? '' }}
      fields={[{ name: 'name', label: 'Playlist name', rules: [groupName], required: true }]}
      onSubmit={async ({ name }) => {
        setTried(true);
        if (problem) throw new Error(problem);
        const input = { name: name.trim(), views };
        return playlist ? resources.playlists.update({ id: playlist.id, ...input }) : resources.playlists.create(input);
      }}
      onClose={onClose}
    >
      <PlaylistViewsEditor views={views} onChange={setViews} fleets={fleets} vehicles={vehicles} problem={tried ? problem : null} />
    </DialogForm>
  );
}

const LINK_HINT =
  'Copies a link that starts this playlist on a screen already showing a wall display (opened once from its display link). A playlist assigned to the display on Wall displays comes first.';

function CopiedLink({ playlist, onClose }: { playlist: Playlist; onClose: () => void }) {
  return (
    <Stack gap="2" borderWidth="1px" borderColor="blue.muted" rounded="md" p="3" data-testid="playlist-link-panel">
      <Text fontWeight="semibold">Link to {playlist.name}: open it on a screen that already shows a wall display to start this playlist there.</Text>
      <Text fontSize="sm" color="fg.muted">
        The link holds no display token: on a new screen, open the display's link first. To give a wall this playlist for good, pick it in the wall's row on Wall
        displays.
      </Text>
      <CopyLink link={playlist.link} label="Playlist link" testId="playlist-link" />
      <Button size="xs" variant="ghost" alignSelf="start" onClick={onClose}>
        Done
      </Button>
    </Stack>
  );
}

function Playlists() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const [editing, setEditing] = useState<{ playlist: Playlist | null } | null>(null);
  const [deleting, setDeleting] = useState<Playlist | null>(null);
  const [copied, setCopied] = useState<Playlist | null>(null);
  const columns: ListColumn<Playlist>[] = [
    { id: 'name', header: 'Playlist', value: (p) => p.name },
    { id: 'views', header: 'Views', width: '18rem', value: (p) => p.views.map((v) => WALL_VIEW_LABEL[v.kind]).join(', ') },
    { id: 'cycle', header: 'One round', width: '8rem', align: 'end', value: (p) => `${p.views.reduce((s, v) => s + v.dwellS, 0)} s` },
    { id: 'updatedAt', header: 'Changed', width: '10rem', value: (p) => formatListTime(p.updatedAt) },
    {
      id: 'actions',
      header: '',
      exported: false,
      width: '14rem',
      value: () => '',
      cell: (p) => (
        <HStack gap="0">
          <Button
            size="xs"
            variant="ghost"
            title={LINK_HINT}
            onClick={() => {
              setCopied(p);
              void copyLink(p.link);
            }}
          >
            Copy link
          </Button>
          <Button size="xs" variant="ghost" onClick={() => setEditing({ playlist: p })}>
            Edit
          </Button>
          <Button size="xs" variant="ghost" color="fg.error" onClick={() => setDeleting(p)}>
            Delete
          </Button>
        </HStack>
      ),
    },
  ];
  return (
    <Stack gap="3">
      {copied && <CopiedLink playlist={copied} onClose={() => setCopied(null)} />}
      <ListPage
        resource={resources.playlists}
        list={list}
        columns={columns}
        rowId={(p) => p.id}
        label="Wall playlists"
        failed="The playlists could not be loaded."
        empty="No playlists yet. Add one with Add playlist."
        actions={
          <Button size="sm" colorPalette="blue" onClick={() => setEditing({ playlist: null })}>
            <Plus /> Add playlist
          </Button>
        }
      />
      {editing && <PlaylistDialog playlist={editing.playlist} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete playlist"
        confirmLabel="Delete"
        success={SUCCESS.deleted}
        danger
        onConfirm={() => resources.playlists.remove(deleting!.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting && `Delete the playlist ${deleting.name}? Walls it is assigned to go back to their boards; walls started from its link stop at their current view.`}
      </ConfirmDialog>
    </Stack>
  );
}

export default function WallPlaylistsPage() {
  return (
    <WallAdminOnly>
      <Playlists />
    </WallAdminOnly>
  );
}
