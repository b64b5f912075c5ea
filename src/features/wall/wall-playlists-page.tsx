// /wall/playlists (super.admin): the walls' playlists on the admin kit's list page, each edited in the
// kit's dialog form: a name and ordered views with their seconds on screen.
import { useState } from 'react';
import { Button, HStack } from '@chakra-ui/react';
import { format } from 'date-fns';
import { Plus } from 'lucide-react';
import type { Playlist, WallView } from '../../../streams/api/types';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DialogForm } from '../../components/dialog-form';
import type { ListColumn } from '../../components/list-columns';
import { ListPage } from '../../components/list-page';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { useList } from '../../lib/use-list';
import { useListUrl } from '../../lib/use-list-url';
import { groupName } from '../../lib/validation';
import { DWELL_S, PlaylistViewsEditor, viewsProblem } from './playlist-views-editor';
import { WallAdminOnly } from './wall-admin-only';

const FILTERS = [] as const;
const PICKER_PAGE = { pageNum: 1, pageSize: 500 };

function PlaylistDialog({ playlist, onClose }: { playlist: Playlist | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const fleets = useList<{ id: string; name: string }>(resources.fleets, PICKER_PAGE).data?.rows ?? [];
  const vehicles = useList<{ id: string; name: string }>(resources.vehicles, PICKER_PAGE).data?.rows ?? [];
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

function Playlists() {
  const { resources } = useFleetConsole();
  const list = useListUrl(FILTERS);
  const [editing, setEditing] = useState<{ playlist: Playlist | null } | null>(null);
  const [deleting, setDeleting] = useState<Playlist | null>(null);
  const columns: ListColumn<Playlist>[] = [
    { id: 'name', header: 'Playlist', value: (p) => p.name },
    { id: 'views', header: 'Views', width: '6rem', align: 'end', value: (p) => String(p.views.length) },
    { id: 'cycle', header: 'One round', width: '8rem', align: 'end', value: (p) => `${p.views.reduce((s, v) => s + v.dwellS, 0)} s` },
    { id: 'updatedAt', header: 'Changed', width: '10rem', value: (p) => format(new Date(p.updatedAt), 'yyyy-MM-dd HH:mm') },
    {
      id: 'actions',
      header: '',
      exported: false,
      width: '9rem',
      value: () => '',
      cell: (p) => (
        <HStack gap="0">
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
    <>
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
        {deleting && `Delete the playlist ${deleting.name}? Walls playing it stop at their current view.`}
      </ConfirmDialog>
    </>
  );
}

export default function WallPlaylistsPage() {
  return (
    <WallAdminOnly>
      <Playlists />
    </WallAdminOnly>
  );
}
