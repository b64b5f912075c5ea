import { type ReactNode, memo, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Box, Button, HStack, Menu, NativeSelect, Portal, Table as ChakraTable, Text, chakra } from '@chakra-ui/react';
import { type ColumnDef, type RowSelectionState, type Table, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { type Observable, identity } from 'rxjs';
import type { Poll } from '../../streams/api/loadable';
import type { Resource } from '../../streams/api/resource';
import type { Page } from '../../streams/api/types';
import { type ExportFormat, exportRows } from '../lib/export-rows';
import type { ListUrlState } from '../lib/list-url';
import type { ListUrlChanges } from '../lib/use-list-url';
import { useList } from '../lib/use-list';
import type { ListQuery } from '../../streams/api/resource';
import { usePublishCount } from './header-count';
import { type ListColumn, parseSort, sortString } from './list-columns';
import { PaginationBar } from './pagination-bar';
import { ResourceView } from './resource-view';
import { showError } from './toaster';

export const PAGE_SIZES = [20, 50, 100, 500] as const;
const ROW_HEIGHT = 44;
// Rows drawn before the scroller is measured: a default page.
const FIRST_PAINT = { width: 1200, height: ROW_HEIGHT * 20 };

export interface ListPageProps<Row, F extends string> {
  resource: Resource<Row, unknown>;
  /** The URL-kept state of the list (`useListUrl`). */
  list: { state: ListUrlState<F>; query: ListQuery; change: (changes: ListUrlChanges<F>) => void };
  columns: ReadonlyArray<ListColumn<Row>>;
  rowId: (row: Row) => string;
  /** The table's accessible name; also the export's file name. */
  label: string;
  /** Shown when the first load fails. */
  failed: string;
  /** What an empty list says, with what to do about it. */
  empty: ReactNode;
  /** Filter and search controls, above the table. */
  filters?: ReactNode;
  /** Buttons beside the filters (add, import). */
  actions?: ReactNode;
  /** Buttons for the selected rows; rows become selectable when given. */
  bulkActions?: (selected: Row[], clearSelection: () => void) => ReactNode;
  /** Offers export of every page under the current filters and sort. */
  exportable?: boolean;
  poll?: Poll<Page<Row>, ListQuery>;
  /**
   * Live values of the rows on screen: emits, at most once per animation frame, how to read a row
   * as it is now (the same object while its shown values stay the same). The list holds one
   * subscription and redraws only the rows on screen whose values changed.
   */
  live?: Observable<LiveRows<Row>>;
  /** The table's narrowest width, below which it scrolls sideways (60rem unless given: a wide list). */
  minWidth?: string;
}

/** A row as it is now, its live values merged in; the same object as long as they do not change. */
export type LiveRows<Row> = (row: Row) => Row;

const HeaderButton = chakra('button', {
  base: { display: 'inline-flex', alignItems: 'center', gap: '1', fontWeight: 'semibold', cursor: 'pointer', _hover: { color: 'fg' } },
});

/**
 * A server-paged list: sortable columns, filters, sort and page in the URL, selection for bulk
 * actions, the header's item count, the spec's pager, rows virtualised for long pages, and
 * export of the whole filtered list.
 */
export function ListPage<Row, F extends string>(props: ListPageProps<Row, F>) {
  const { list } = props;
  const page = useList(props.resource, list.query, props.poll);
  usePublishCount(page.data?.total ?? null);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const queryKey = JSON.stringify(list.query);
  useEffect(() => setSelection({}), [queryKey]);
  const select = useCallback(
    (id: string, selected: boolean) =>
      setSelection((current) => {
        const next = { ...current };
        if (selected) next[id] = true;
        else delete next[id];
        return next;
      }),
    [],
  );

  const columns = useMemo(() => tableColumns(props.columns, Boolean(props.bulkActions)), [props.columns, props.bulkActions]);
  const rows = page.data?.rows ?? EMPTY;
  const sort = parseSort(list.state.sort);
  const table = useReactTable({
    data: rows as Row[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: props.rowId,
    manualSorting: true,
    manualPagination: true,
    enableSortingRemoval: true,
    enableRowSelection: Boolean(props.bulkActions),
    state: { sorting: sort ? [sort] : [], rowSelection: selection },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sort ? [sort] : []) : updater;
      list.change({ sort: sortString(next[0]) });
    },
    onRowSelectionChange: setSelection,
  });
  const selected = table.getSelectedRowModel().rows.map((row) => row.original);

  return (
    <Box>
      <HStack mb="3" gap="2" wrap="wrap" align="end">
        {props.filters}
        <Box flex="1" />
        {selected.length > 0 && props.bulkActions && (
          <HStack gap="2" data-testid="bulk-actions">
            <Text fontSize="sm" color="fg.muted">
              {selected.length} selected
            </Text>
            {props.bulkActions(selected, () => setSelection({}))}
          </HStack>
        )}
        {props.actions}
        {props.exportable && <ExportMenu resource={props.resource} query={list.query} columns={props.columns} label={props.label} />}
      </HStack>
      <ResourceView state={page} failed={props.failed}>
        {(data) => (
          <>
            {data.rows.length === 0 ? (
              <Box borderWidth="1px" borderRadius="lg" p="8" textAlign="center" color="fg.muted" data-testid="list-empty">
                {props.empty}
              </Box>
            ) : (
              <VirtualTable
                table={table}
                label={props.label}
                columns={props.columns}
                rowId={props.rowId}
                sort={list.state.sort}
                selection={selection}
                onSelect={props.bulkActions ? select : undefined}
                live={props.live}
                minWidth={props.minWidth ?? '60rem'}
              />
            )}
            <HStack justify="flex-end" gap="3" wrap="wrap">
              <NativeSelect.Root size="sm" width="32">
                <NativeSelect.Field
                  aria-label="Rows per page"
                  value={String(list.state.pageSize)}
                  onChange={(event) => list.change({ pageSize: Number(event.currentTarget.value) })}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size} / page
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <PaginationBar total={data.total} page={list.state.pageNum} pageSize={list.state.pageSize} onPageChange={(pageNum) => list.change({ pageNum })} />
            </HStack>
          </>
        )}
      </ResourceView>
    </Box>
  );
}

const EMPTY: never[] = [];

// Body rows are plain elements styled once here rather than a styled component per cell.
const BODY_CELLS = {
  '& tbody tr[data-row-id]': { height: `${ROW_HEIGHT}px` },
  '& tbody tr[data-selected]': { bg: 'bg.muted' },
  '& tbody td': { px: '3', borderBottomWidth: '1px', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontSize: 'sm' },
  '& tbody td[data-align=end]': { textAlign: 'end' },
} as const;

/** TanStack keeps the header: sorting and select-all; body rows are drawn from the list's own columns. */
function tableColumns<Row>(columns: ReadonlyArray<ListColumn<Row>>, selectable: boolean): ColumnDef<Row>[] {
  const defs: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.id,
    header: column.header,
    accessorFn: column.value,
    enableSorting: column.sortable ?? false,
    meta: { width: column.width, align: column.align },
  }));
  if (!selectable) return defs;
  return [
    {
      id: 'select',
      meta: { width: '3rem' },
      header: ({ table }) => (
        <input
          type="checkbox"
          aria-label="Select all rows on this page"
          checked={table.getIsAllRowsSelected()}
          ref={(input) => {
            if (input) input.indeterminate = table.getIsSomeRowsSelected();
          }}
          onChange={(event) => table.toggleAllRowsSelected(event.currentTarget.checked)}
        />
      ),
    },
    ...defs,
  ];
}

type ColumnMeta = { width?: string; align?: 'start' | 'end' };

interface BodyRowProps<Row> {
  id: string;
  /** The row as it is now: its live values merged in, the same object while they stay the same. */
  row: Row;
  columns: ReadonlyArray<ListColumn<Row>>;
  /** Set when rows are selectable. */
  onSelect?: (id: string, selected: boolean) => void;
  selected: boolean;
}

// A row re-renders only when its row object, its selection or the columns change: scrolling draws
// the rows that come into view and leaves the others alone.
const BodyRow = memo(function BodyRow<Row>({ id, row, columns, onSelect, selected }: BodyRowProps<Row>) {
  return (
    <tr data-row-id={id} data-selected={selected || undefined}>
      {onSelect && (
        <td>
          {/* Native inputs: a row is drawn on every scroll step, so its cells stay light. */}
          <input type="checkbox" aria-label="Select row" checked={selected} onChange={(event) => onSelect(id, event.currentTarget.checked)} />
        </td>
      )}
      {columns.map((column) => (
        <td key={column.id} data-align={column.align}>
          {column.cell ? column.cell(row) : (column.value(row) ?? '--')}
        </td>
      ))}
    </tr>
  );
}) as <Row>(props: BodyRowProps<Row>) => ReactNode;

// The header re-renders when the sort or the selection changes, not on every scroll step.
interface TableHeadProps<Row> {
  table: Table<Row>;
  // What the header shows beyond the table instance, which stays the same object.
  columns: ReadonlyArray<ListColumn<Row>>;
  sort: string;
  selection: RowSelectionState;
}

const TableHead = memo(function TableHead<Row>(props: TableHeadProps<Row>) {
  return (
    <ChakraTable.Header>
      {props.table.getHeaderGroups().map((group) => (
        <ChakraTable.Row key={group.id}>
          {group.headers.map((header) => {
            const meta = header.column.columnDef.meta as ColumnMeta | undefined;
            const sorted = header.column.getIsSorted();
            return (
              <ChakraTable.ColumnHeader
                key={header.id}
                width={meta?.width}
                textAlign={meta?.align}
                aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
              >
                {header.column.getCanSort() ? (
                  <HeaderButton type="button" onClick={header.column.getToggleSortingHandler()}>
                    {flexRender(header.column.columnDef.header, header.getContext())}
                    {sorted === 'asc' ? <ArrowUp size={14} /> : sorted === 'desc' ? <ArrowDown size={14} /> : <ArrowUpDown size={14} opacity={0.4} />}
                  </HeaderButton>
                ) : (
                  flexRender(header.column.columnDef.header, header.getContext())
                )}
              </ChakraTable.ColumnHeader>
            );
          })}
        </ChakraTable.Row>
      ))}
    </ChakraTable.Header>
  );
}) as <Row>(props: TableHeadProps<Row>) => ReactNode;

interface VirtualTableProps<Row> {
  table: Table<Row>;
  label: string;
  columns: ReadonlyArray<ListColumn<Row>>;
  rowId: (row: Row) => string;
  sort: string;
  selection: RowSelectionState;
  onSelect?: (id: string, selected: boolean) => void;
  live?: Observable<LiveRows<Row>>;
  minWidth: string;
}

/**
 * The rows on screen as they are now. One subscription to `live$` for the list; an emission redraws
 * the table only when a row on screen reads differently, and rows scrolled into view read the
 * newest values at once.
 */
function useLiveRows<Row>(live$: Observable<LiveRows<Row>> | undefined, onScreen: readonly Row[]): readonly Row[] {
  const reader = useRef<LiveRows<Row>>(identity);
  const shown = useRef<{ rows: readonly Row[]; drawn: readonly Row[] }>({ rows: [], drawn: [] });
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    if (!live$) return;
    const subscription = live$.subscribe((read) => {
      reader.current = read;
      const { rows, drawn } = shown.current;
      if (rows.some((row, i) => read(row) !== drawn[i])) redraw();
    });
    return () => {
      subscription.unsubscribe();
      reader.current = identity;
    };
  }, [live$]);
  const drawn = onScreen.map((row) => reader.current(row));
  useLayoutEffect(() => {
    shown.current = { rows: onScreen, drawn };
  });
  return drawn;
}

function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const rows = props.table.getRowModel().rows;
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 10, initialRect: FIRST_PAINT });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);
  const columnCount = props.columns.length + (props.onSelect ? 1 : 0);
  const onScreen = items.map((item) => rows[item.index]!.original);
  const drawn = useLiveRows(props.live, onScreen);

  return (
    // An opaque scroller lets the browser scroll it on the compositor instead of repainting it each frame.
    <Box ref={scroller} bg="bg" borderWidth="1px" borderRadius="lg" overflow="auto" maxHeight="calc(100dvh - 15rem)" data-testid="list-scroller">
      <ChakraTable.Root size="sm" aria-label={props.label} stickyHeader css={BODY_CELLS} style={{ tableLayout: 'fixed', minWidth: props.minWidth }}>
        <TableHead table={props.table} columns={props.columns} sort={props.sort} selection={props.selection} />
        <tbody>
          {before > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: before, padding: 0 }} />
            </tr>
          )}
          {drawn.map((row) => {
            const id = props.rowId(row);
            return <BodyRow key={id} id={id} row={row} columns={props.columns} onSelect={props.onSelect} selected={props.selection[id] === true} />;
          })}
          {after > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: after, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </ChakraTable.Root>
    </Box>
  );
}

function ExportMenu<Row>(props: { resource: Resource<Row, unknown>; query: ListQuery; columns: ReadonlyArray<ListColumn<Row>>; label: string }) {
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const columns = props.columns.filter((column) => column.exported !== false);
      await exportRows(await props.resource.listAll(props.query), columns, format, props.label.toLowerCase().replace(/\s+/g, '-'));
    } catch {
      showError('The export failed, please try again.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu.Root>
      <Menu.Trigger asChild>
        <Button variant="outline" size="sm" loading={busy}>
          <Download /> Export
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="xlsx" onClick={() => void run('xlsx')}>
              Excel (.xlsx)
            </Menu.Item>
            <Menu.Item value="csv" onClick={() => void run('csv')}>
              CSV (.csv)
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
