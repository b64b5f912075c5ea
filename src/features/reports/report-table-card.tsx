// One report table with its xlsx and csv export: the file holds exactly the rows and texts shown.
import { Box, Button, Heading, HStack, Table, Text } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { type ExportFormat, exportRows } from '../../lib/export-rows';
import type { ReportTableView } from './report-tables';

/** `note`: what the figures cover beyond the range's whole days (today so far). */
export function ReportTableCard({ view, fileName, note }: { view: ReportTableView; fileName: string; note?: string | undefined }) {
  const save = (format: ExportFormat) => void exportRows(view.rows, view.columns, format, fileName.replace(/[^\w. -]+/g, '_'));
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid={`report-table-${view.id}`}>
      <HStack justify="space-between" mb="3" wrap="wrap">
        <Heading as="h3" size="md">
          {view.title}
        </Heading>
        <HStack>
          <Button size="xs" variant="outline" onClick={() => save('xlsx')} disabled={view.rows.length === 0}>
            <Download size={12} /> Export xlsx
          </Button>
          <Button size="xs" variant="outline" onClick={() => save('csv')} disabled={view.rows.length === 0}>
            <Download size={12} /> Export csv
          </Button>
        </HStack>
      </HStack>
      {note && view.rows.length > 0 && (
        <Text fontSize="sm" color="fg.muted" mb="2">
          {note}
        </Text>
      )}
      {view.rows.length === 0 ? (
        <Text color="fg.muted">Nothing recorded in this range.</Text>
      ) : (
        <Box overflowX="auto">
          <Table.Root size="sm" aria-label={view.title} striped>
            <Table.Header>
              <Table.Row>
                {view.columns.map((c, i) => (
                  <Table.ColumnHeader key={c.header} textAlign={i === 0 ? 'start' : 'end'}>
                    {c.header}
                  </Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {view.rows.map((row, r) => (
                <Table.Row key={r} fontWeight={r === 0 && row[0] === 'All vehicles' ? 'semibold' : undefined}>
                  {view.columns.map((c, i) => (
                    <Table.Cell key={c.header} textAlign={i === 0 ? 'start' : 'end'}>
                      {c.value(row) ?? ''}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Box>
  );
}
