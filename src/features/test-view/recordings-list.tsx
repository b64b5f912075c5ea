import { useState } from 'react';
import { Button, HStack, Input, Table, Text } from '@chakra-ui/react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { download } from '../../lib/download';
import { deleteRecording, recordingFile, renameRecording, type Recording } from './recordings-store';
import { formatTraceTime } from './trace-time';

const sizeText = (bytes: number): string => (bytes < 1_000_000 ? `${Math.max(1, Math.round(bytes / 1000))} kB` : `${(bytes / 1_000_000).toFixed(1)} MB`);

/** The recordings kept in this browser: replay, rename, download, delete. */
export function RecordingsList(props: {
  recordings: readonly Recording[];
  onChanged: () => void;
  onReplay: (recording: Recording) => void;
  busy: boolean;
  action: string;
}) {
  const [renaming, setRenaming] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<Recording | null>(null);

  if (props.recordings.length === 0) {
    return (
      <Text color="fg.muted" fontSize="sm" data-testid="recordings-empty">
        No recordings in this browser yet: recordings made above are kept here.
      </Text>
    );
  }
  const rename = async () => {
    if (!renaming || renaming.name.trim() === '') return;
    await renameRecording(renaming.id, renaming.name.trim());
    setRenaming(null);
    props.onChanged();
  };
  const save = async (recording: Recording) => {
    const file = await recordingFile(recording.id);
    if (file) download(file, recording.name, 'application/x-ndjson');
  };

  return (
    <>
      <Table.Root size="sm" data-testid="recordings">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Name</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Size</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Duration</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Actions</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {props.recordings.map((recording) => (
            <Table.Row key={recording.id} data-testid="recording-row">
              <Table.Cell>
                {renaming?.id === recording.id ? (
                  <HStack gap="2">
                    <Input
                      size="xs"
                      aria-label="Recording name"
                      value={renaming.name}
                      onChange={(event) => setRenaming({ id: recording.id, name: event.currentTarget.value })}
                      onKeyDown={(event) => event.key === 'Enter' && void rename()}
                    />
                    <Button size="xs" onClick={() => void rename()} disabled={renaming.name.trim() === ''}>
                      Save
                    </Button>
                    <Button size="xs" variant="ghost" onClick={() => setRenaming(null)}>
                      Cancel
                    </Button>
                  </HStack>
                ) : (
                  recording.name
                )}
              </Table.Cell>
              <Table.Cell textAlign="end">{sizeText(recording.size)}</Table.Cell>
              <Table.Cell textAlign="end">{formatTraceTime(recording.durationMs)}</Table.Cell>
              <Table.Cell textAlign="end">
                <HStack gap="1" justify="end">
                  <Button size="xs" colorPalette="blue" disabled={props.busy} onClick={() => props.onReplay(recording)}>
                    {props.action}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setRenaming({ id: recording.id, name: recording.name })}>
                    Rename
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => void save(recording)}>
                    Download
                  </Button>
                  <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(recording)}>
                    Delete
                  </Button>
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete recording"
        confirmLabel="Delete"
        danger
        onConfirm={async () => {
          if (deleting) await deleteRecording(deleting.id);
          props.onChanged();
        }}
        onClose={() => setDeleting(null)}
      >
        Delete {deleting?.name} from this browser?
      </ConfirmDialog>
    </>
  );
}
