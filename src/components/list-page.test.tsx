import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { BehaviorSubject, type Observable, of } from 'rxjs';
import type { Resource } from '../../streams/api/resource';
import { parseListUrl, listQueryOf } from '../lib/list-url';
import { HeaderCountScope, useShownCount } from './header-count';
import type { ListColumn } from './list-columns';
import { type LiveRows, ListPage } from './list-page';

afterEach(cleanup);

// jsdom lays nothing out; give the list's scroller a height so the virtualiser draws rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

type Depot = { id: string; name: string; city: string };
const COLUMNS: ListColumn<Depot>[] = [
  { id: 'name', header: 'Name', value: (d) => d.name, sortable: true },
  { id: 'city', header: 'City', value: (d) => d.city },
];

function HeaderCountProbe() {
  return <output data-testid="header-count-probe">{useShownCount()}</output>;
}

function setUp(search: string, rows: Depot[], total = rows.length, live?: Observable<LiveRows<Depot>>, columns = COLUMNS) {
  const asked: unknown[] = [];
  const resource = {
    list$: vi.fn((query) => {
      asked.push(query);
      return of({ status: 'ready' as const, data: { rows, total }, stale: false });
    }),
    listAll: vi.fn(async () => rows),
  } as unknown as Resource<Depot>;
  const state = parseListUrl(search, ['city'] as const);
  const change = vi.fn();
  const bulk = vi.fn();
  render(
    <ChakraProvider value={defaultSystem}>
      <HeaderCountScope page="/depots">
        <HeaderCountProbe />
        <ListPage
          resource={resource}
          list={{ state, query: listQueryOf(state), change }}
          columns={columns}
          rowId={(d) => d.id}
          label="Depots"
          failed="The depots could not be loaded."
          empty="No depots yet. Add one with Add depot."
          bulkActions={(selected) => <button onClick={() => bulk(selected.map((d) => d.id))}>Delete selected</button>}
          live={live}
        />
      </HeaderCountScope>
    </ChakraProvider>,
  );
  return { change, bulk };
}

const depots = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `d${i}`, name: `Depot ${i}`, city: 'Lyon' }));

describe('ListPage', () => {
  it("draws a column with a link as a real link: a plain click opens it in the tab, a ctrl-click is the browser's", { timeout: 20_000 }, async () => {
    const opened = vi.fn();
    const linked: ListColumn<Depot>[] = [{ ...COLUMNS[0]!, link: (d) => ({ href: `/depot/page?depotId=${d.id}`, beforeOpen: () => opened(d.id) }) }, COLUMNS[1]!];
    setUp('', depots(2), 2, undefined, linked);
    const link = await screen.findByRole('link', { name: 'Depot 1' });
    expect(link.getAttribute('href')).toBe('/depot/page?depotId=d1');
    // Not prevented: the browser opens the new tab.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(opened).not.toHaveBeenCalled();
    expect(fireEvent.click(link)).toBe(false);
    expect(opened).toHaveBeenCalledWith('d1');
    expect(window.location.pathname + window.location.search).toBe('/depot/page?depotId=d1');
  });

  // The first render loads Chakra and the table; a shared machine can take longer than the default 5 s.
  it('shows the rows, the header count and the pager text', { timeout: 20_000 }, async () => {
    setUp('pageNum=2', depots(20), 45);
    const table = await screen.findByRole('table', { name: 'Depots' });
    expect(within(table).getByText('Depot 0')).toBeTruthy();
    expect(screen.getByTestId('header-count-probe').textContent).toBe('45');
    expect(screen.getByTestId('pagination-text').textContent).toBe('3 pages in total, current page 2');
  });

  it('asks the server to sort when a sortable header is clicked, and marks the sorted column', async () => {
    const { change } = setUp('sort=name', depots(3));
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Name/ }));
    expect(change).toHaveBeenLastCalledWith({ sort: '-name' });
    expect(screen.queryByRole('button', { name: /City/ })).toBeNull();
  });

  it('offers bulk actions for the selected rows only', async () => {
    const { bulk } = setUp('', depots(3));
    expect(screen.queryByTestId('bulk-actions')).toBeNull();
    fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select row' })[1]!);
    await waitFor(() => expect(screen.getByTestId('bulk-actions').textContent).toContain('1 selected'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    expect(bulk).toHaveBeenCalledWith(['d1']);
  });

  it('says what to do when the list is empty', async () => {
    setUp('', []);
    expect((await screen.findByTestId('list-empty')).textContent).toBe('No depots yet. Add one with Add depot.');
  });

  it('shows the rows on screen with their live values, redrawn when they change', async () => {
    const live$ = new BehaviorSubject<LiveRows<Depot>>((d) => d);
    setUp('', depots(3), 3, live$);
    const table = await screen.findByRole('table', { name: 'Depots' });
    expect(within(table).getAllByText('Lyon')).toHaveLength(3);
    const moved = { ...depots(3)[1]!, city: 'Nantes' };
    act(() => live$.next((d) => (d.id === 'd1' ? moved : d)));
    await waitFor(() => expect(within(table).getByText('Nantes')).toBeTruthy());
    expect(within(table).getAllByText('Lyon')).toHaveLength(2);
  });

  it('draws whole blocks of rows around the visible ones, not a 500-row page', async () => {
    setUp('pageSize=500', depots(500));
    const table = await screen.findByRole('table', { name: 'Depots' });
    const drawn = table.querySelectorAll('[data-row-id]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
    expect(drawn % 16).toBe(0);
    expect(table.getAttribute('aria-rowcount')).toBe('501');
  });

  it('exports a planted formula in a name as text: quoted, with a single quote in front', { timeout: 20_000 }, async () => {
    type Vehicle = { id: string; name: string; soc: number };
    const vehicles: Vehicle[] = [{ id: 'v1', name: '=HYPERLINK("http://x","y")', soc: -3.5 }];
    const resource = {
      list$: () => of({ status: 'ready' as const, data: { rows: vehicles, total: 1 }, stale: false }),
      listAll: async () => vehicles,
    } as unknown as Resource<Vehicle>;
    const state = parseListUrl('', [] as const);
    const files: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (files.push(blob as Blob), 'blob:export'));
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    // The export menu's popper measures its anchor.
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        unobserve() {}
        disconnect() {}
      },
    );
    render(
      <ChakraProvider value={defaultSystem}>
        <ListPage
          resource={resource}
          list={{ state, query: listQueryOf(state), change: vi.fn() }}
          columns={[
            { id: 'name', header: 'Vehicle name', value: (v: Vehicle) => v.name },
            { id: 'soc', header: 'SOC', value: (v: Vehicle) => v.soc },
          ]}
          rowId={(v) => v.id}
          label="Vehicles"
          failed="The vehicles could not be loaded."
          empty="No vehicles."
          exportable
        />
      </ChakraProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Export' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(await files[0]!.text()).toBe('Vehicle name,SOC\n"\'=HYPERLINK(""http://x"",""y"")",-3.5');
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
});
