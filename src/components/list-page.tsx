import { type CSSProperties, type ReactNode, memo, useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Box, Button, HStack, Menu, NativeSelect, Portal, Table as ChakraTable, Text, chakra } from '@chakra-ui/react';
import { type ColumnDef, type RowSelectionState, type Table, flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { type Range, useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown, Download } from 'lucide-react';
import { type Observable, identity } from 'rxjs';
import type { Poll } from '../../streams/api/loadable';
import type { Resource } from '../../streams/api/resource';
import type { Page } from '../../contract/api/types';
import { type ExportFormat, exportRows } from '../lib/export-rows';
import type { ListUrlState } from '../lib/list-url';
import type { ListUrlChanges } from '../lib/use-list-url';
import { useList } from '../lib/use-list';
import type { ListQuery } from '../../streams/api/resource';
import { usePublishCount } from './header-count';
import { type ListColumn, parseSort, sortString } from './list-columns';
import { PaginationBar } from './pagination-bar';
import { ResourceView } from './resource-view';
import { ROW_LINK_CSS, rowLink } from './row-link';
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
  /** The key the list's count goes into the header under, for a page with several lists to choose it by. */
  countKey?: string;
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
  usePublishCount(page.data?.total ?? null, props.countKey);
  const [selection, setSelection] = useState<RowSelectionState>({});
  const queryKey = JSON.stringify(list.query);
  useEffect(() => setSelection((current) => (Object.keys(current).length === 0 ? current : {})), [queryKey]);
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

// Rows are absolutely placed at fixed heights inside size-contained boxes: a scroll step moves
// them on the compositor and a row drawn or redrawn lays out only itself, never the whole table.
const HEAD_HEIGHT = 40;
// The drawn rows change in blocks, so scrolling re-renders once per block rather than per row.
const BLOCK = 16;
const OVERSCAN = 8;
const MIN_AUTO_COLUMN = '6rem';
const SELECT_WIDTH = '3rem';

const TABLE_LAYOUT = {
  display: 'grid',
  '& thead': { display: 'grid', position: 'sticky', top: 0, zIndex: 1, bg: 'bg' },
  '& tr': { display: 'grid', gridTemplateColumns: 'var(--list-columns)' },
  '& thead tr': { height: `${HEAD_HEIGHT}px` },
  '& th': { display: 'flex', alignItems: 'center', overflow: 'hidden' },
  '& th[data-align=end]': { justifyContent: 'flex-end' },
  '& tbody': { display: 'block', position: 'relative' },
  '& tbody tr': { position: 'absolute', top: 0, left: 0, width: '100%', height: `${ROW_HEIGHT}px`, contain: 'strict' },
  '& tbody tr[data-selected]': { bg: 'bg.muted' },
  '& tbody td': {
    display: 'block',
    px: '3',
    lineHeight: `${ROW_HEIGHT - 1}px`,
    borderBottomWidth: '1px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    fontSize: 'sm',
  },
  '& tbody td[data-align=end]': { textAlign: 'end' },
  // A cell's text is centred by its line height; a box in it (a row's action buttons) is centred on that line.
  '& tbody td > div': { display: 'inline-flex', verticalAlign: 'middle', maxWidth: '100%' },
  ...ROW_LINK_CSS,
} as const;

/**
 * The grid columns every row shares, and the width below which the table scrolls sideways. As in
 * a fixed table layout, columns without a width share what is left; when every column has one,
 * the room to spare goes to them in proportion to their widths.
 */
function columnLayout<Row>(columns: ReadonlyArray<ListColumn<Row>>, selectable: boolean, floor: string): { template: string; minWidth: string } {
  const widths = [...(selectable ? [SELECT_WIDTH] : []), ...columns.map((column) => column.width)];
  const growing = widths.every((width) => width !== undefined);
  const track = (width: string | undefined) => {
    if (width === undefined) return `minmax(${MIN_AUTO_COLUMN}, 1fr)`;
    const rem = /^([\d.]+)rem$/.exec(width);
    return growing && rem ? `minmax(${width}, ${rem[1]}fr)` : width;
  };
  return {
    template: widths.map(track).join(' '),
    minWidth: `max(${floor}, calc(${widths.map((width) => width ?? MIN_AUTO_COLUMN).join(' + ')}))`,
  };
}

/** Whole blocks of rows around the visible ones. */
function blockRange(range: Range): number[] {
  const first = Math.max(0, Math.floor((range.startIndex - range.overscan) / BLOCK) * BLOCK);
  const last = Math.min(range.count, Math.ceil((range.endIndex + 1 + range.overscan) / BLOCK) * BLOCK);
  return Array.from({ length: last - first }, (_, i) => first + i);
}

/** TanStack keeps the header: sorting and select-all; body rows are drawn from the list's own columns. */
function tableColumns<Row>(columns: ReadonlyArray<ListColumn<Row>>, selectable: boolean): ColumnDef<Row>[] {
  const defs: ColumnDef<Row>[] = columns.map((column) => ({
    id: column.id,
    header: column.header,
    accessorFn: column.value,
    enableSorting: column.sortable ?? false,
    meta: { align: column.align },
  }));
  if (!selectable) return defs;
  return [
    {
      id: 'select',
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

type ColumnMeta = { align?: 'start' | 'end' };

interface BodyRowProps<Row> {
  id: string;
  /** The row's place in the page, from 0. */
  index: number;
  /** The row as it is now: its live values merged in, the same object while they stay the same. */
  row: Row;
  columns: ReadonlyArray<ListColumn<Row>>;
  /** Set when rows are selectable. */
  onSelect?: (id: string, selected: boolean) => void;
  selected: boolean;
}

// A row re-renders only when its row object, its place, its selection or the columns change.
const BodyRow = memo(function BodyRow<Row>({ id, index, row, columns, onSelect, selected }: BodyRowProps<Row>) {
  return (
    <tr role="row" aria-rowindex={index + 2} data-row-id={id} data-selected={selected || undefined} style={{ transform: `translateY(${index * ROW_HEIGHT}px)` }}>
      {onSelect && (
        <td role="cell">
          {/* Native inputs: rows come into view in blocks while scrolling, so their cells stay light. */}
          <input type="checkbox" aria-label="Select row" checked={selected} onChange={(event) => onSelect(id, event.currentTarget.checked)} />
        </td>
      )}
      {columns.map((column) => {
        const content = column.cell ? column.cell(row) : (column.value(row) ?? '--');
        return (
          <td role="cell" key={column.id} data-align={column.align}>
            {column.link ? rowLink(column.link(row), content) : content}
          </td>
        );
      })}
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
    <ChakraTable.Header role="rowgroup">
      {props.table.getHeaderGroups().map((group) => (
        <ChakraTable.Row key={group.id} role="row" aria-rowindex={1}>
          {group.headers.map((header) => {
            const meta = header.column.columnDef.meta as ColumnMeta | undefined;
            const sorted = header.column.getIsSorted();
            return (
              <ChakraTable.ColumnHeader
                key={header.id}
                role="columnheader"
                data-align={meta?.align}
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
 * The rows drawn as they are now. One subscription to `live$` for the list; an emission redraws
 * the body only when a drawn row reads differently, and rows coming into view read the newest
 * values at once.
 */
function useLiveRows<Row>(live$: Observable<LiveRows<Row>> | undefined, drawnRows: readonly Row[]): readonly Row[] {
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
  const drawn = drawnRows.map((row) => reader.current(row));
  useLayoutEffect(() => {
    shown.current = { rows: drawnRows, drawn };
  });
  return drawn;
}

interface TableBodyProps<Row> {
  rows: readonly Row[];
  /** The drawn rows: indexes first (inclusive) to last (exclusive) of `rows`. */
  first: number;
  last: number;
  columns: ReadonlyArray<ListColumn<Row>>;
  rowId: (row: Row) => string;
  selection: RowSelectionState;
  onSelect?: (id: string, selected: boolean) => void;
  live?: Observable<LiveRows<Row>>;
}

// Renders when the drawn block, the rows or the selection change, or a drawn row's live values do.
const TableBody = memo(function TableBody<Row>(props: TableBodyProps<Row>) {
  const slice = useMemo(() => props.rows.slice(props.first, props.last), [props.rows, props.first, props.last]);
  const drawn = useLiveRows(props.live, slice);
  return (
    <tbody role="rowgroup" style={{ height: props.rows.length * ROW_HEIGHT }}>
      {drawn.map((row, i) => {
        const id = props.rowId(row);
        return <BodyRow key={id} id={id} index={props.first + i} row={row} columns={props.columns} onSelect={props.onSelect} selected={props.selection[id] === true} />;
      })}
    </tbody>
  );
}) as <Row>(props: TableBodyProps<Row>) => ReactNode;

function VirtualTable<Row>(props: VirtualTableProps<Row>) {
  const scroller = useRef<HTMLDivElement>(null);
  const tableRows = props.table.getRowModel().rows;
  const rows = useMemo(() => tableRows.map((row) => row.original), [tableRows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: OVERSCAN,
    rangeExtractor: blockRange,
    initialRect: FIRST_PAINT,
    // Let React batch the block changes instead of rendering inside the scroll event.
    useFlushSync: false,
  });
  const indexes = virtualizer.getVirtualIndexes();
  const layout = useMemo(() => columnLayout(props.columns, Boolean(props.onSelect), props.minWidth), [props.columns, props.onSelect, props.minWidth]);
  const height = HEAD_HEIGHT + rows.length * ROW_HEIGHT + 2;

  return (
    // Size-contained: its height is set here, so nothing inside can make the page lay out again.
    <Box
      ref={scroller}
      bg="bg"
      borderWidth="1px"
      borderRadius="lg"
      overflow="auto"
      data-testid="list-scroller"
      style={{ height: `min(calc(100dvh - 15rem), ${height}px)`, contain: 'strict' }}
    >
      <ChakraTable.Root
        size="sm"
        role="table"
        aria-label={props.label}
        aria-rowcount={rows.length + 1}
        css={TABLE_LAYOUT}
        style={{ '--list-columns': layout.template, minWidth: layout.minWidth } as CSSProperties}
      >
        <TableHead table={props.table} columns={props.columns} sort={props.sort} selection={props.selection} />
        <TableBody
          rows={rows}
          first={indexes[0] ?? 0}
          last={(indexes[indexes.length - 1] ?? -1) + 1}
          columns={props.columns}
          rowId={props.rowId}
          selection={props.selection}
          onSelect={props.onSelect}
          live={props.live}
        />
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
