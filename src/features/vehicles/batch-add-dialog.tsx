// Batch add from a spreadsheet: only .xls/.xlsx (by name and content) leave the browser, a template to start from, a
// progress bar while the file uploads and the server checks it, and the server's per-row report.
import { useState } from 'react';
import { Box, Button, Dialog, HStack, Input, Portal, Progress, Stack, Table, Text } from '@chakra-ui/react';
import type { BatchReport } from '../../../streams/api/vehicle-admin-calls';
import { showSuccess } from '../../components/toaster';
import { exportRows } from '../../lib/export-rows';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { spreadsheetContent } from '../../lib/validation';
import { ApiError } from '../../../streams/api/api-error';
import { refusalText } from '../../../streams/api/refusal-text';

/** The spec's text for S/N failures; its ending is not given, this one points at the report. */
export const SN_FAILED = 'The operation failed. Please recheck the vehicle serial number (SN) in the rows below.';

const TEMPLATE_COLUMNS = ['Name', 'S/N', 'Fleet', 'Sub-fleet', 'Depot', 'Kind'] as const;
const TEMPLATE_EXAMPLE = ['Van 101', 'SN-0101', 'Fleet name or id', '', '', 'van'];

type Phase = { kind: 'idle' } | { kind: 'uploading'; sent: number } | { kind: 'checking' } | { kind: 'report'; report: BatchReport };

export function BatchAddDialog(props: { open: boolean; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind === 'uploading' || phase.kind === 'checking';

  const choose = (chosen: File | null) => {
    setFile(chosen);
    setPhase({ kind: 'idle' });
    setFileError(null);
    if (chosen) void spreadsheetContent(chosen).then(setFileError);
  };
  const upload = async () => {
    if (!file) return setFileError('Please choose a file to import!');
    const refused = await spreadsheetContent(file);
    if (refused) return setFileError(refused);
    setPhase({ kind: 'uploading', sent: 0 });
    try {
      const report = await resources.addVehiclesFromSheet(file, (sent) => setPhase(sent < 1 ? { kind: 'uploading', sent } : { kind: 'checking' }));
      setPhase({ kind: 'report', report });
      if (report.rejected.length === 0) showSuccess(SUCCESS.added);
    } catch (error) {
      // The REST layer has toasted it too; here it stays beside the file until another is chosen.
      if (error instanceof ApiError && error.kind === 'code' && error.msg) setFileError(refusalText(error.msg));
      setPhase({ kind: 'idle' });
    }
  };
  const close = () => {
    choose(null);
    props.onClose();
  };
  const template = () =>
    exportRows(
      [TEMPLATE_EXAMPLE],
      TEMPLATE_COLUMNS.map((header, i) => ({ header, value: (row: string[]) => row[i] ?? '' })),
      'xlsx',
      'vehicle-batch-template',
    );

  const report = phase.kind === 'report' ? phase.report : null;
  const snFailed = report?.rejected.some((row) => row.reasons.some((reason) => reason.includes('S/N'))) ?? false;

  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => !details.open && close()} placement="center" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Batch add</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  One vehicle per row with the columns {TEMPLATE_COLUMNS.join(', ')}. Nothing is added unless every row is valid.
                </Text>
                <HStack>
                  <Button variant="outline" size="sm" onClick={() => void template()}>
                    Download template
                  </Button>
                </HStack>
                <Box>
                  <Input type="file" aria-label="Spreadsheet file" accept=".xls,.xlsx" p="1" onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)} />
                  {fileError && (
                    <Text role="alert" color="fg.error" fontSize="sm" mt="1">
                      {fileError}
                    </Text>
                  )}
                </Box>
                {busy && (
                  <Progress.Root value={phase.kind === 'uploading' ? Math.round(phase.sent * 100) : null} size="sm" aria-label="Import progress">
                    <Progress.Label fontSize="sm">{phase.kind === 'uploading' ? 'Uploading…' : 'Checking the rows…'}</Progress.Label>
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                  </Progress.Root>
                )}
                {report && report.rejected.length === 0 && (
                  <Text role="status" color="fg.success">
                    {report.added.length} vehicles added.
                  </Text>
                )}
                {report && report.rejected.length > 0 && (
                  <Stack gap="2" data-testid="batch-report">
                    <Text role="alert" color="fg.error">
                      {snFailed ? SN_FAILED : 'The operation failed. Nothing was added; please correct the rows below.'}
                    </Text>
                    <Table.Root size="sm">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeader>Row</Table.ColumnHeader>
                          <Table.ColumnHeader>S/N</Table.ColumnHeader>
                          <Table.ColumnHeader>What is wrong</Table.ColumnHeader>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {report.rejected.map((row) => (
                          <Table.Row key={row.row}>
                            <Table.Cell>{row.row}</Table.Cell>
                            <Table.Cell>{row.sn || '--'}</Table.Cell>
                            <Table.Cell>{row.reasons.join('; ')}</Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </Table.Root>
                  </Stack>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Close
              </Button>
              <Button colorPalette="blue" onClick={() => void upload()} loading={busy} loadingText="Importing" disabled={busy}>
                Import
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
