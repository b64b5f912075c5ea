import { describe, expect, it, vi } from 'vitest';
import type { ShippedPlace } from './place-bands';
import { PlaceCatalog } from './place-catalog';

const MANIFEST = { path: 'map-places/abc/', cells: [['0_0'], ['6_4'], [], ['95_69']] };
const FILES: Record<string, ShippedPlace[]> = {
  'map-places/abc/0/0_0.json': [
    ['Munich', 11.5755, 48.1374, 4],
    ['Oslo', 10.7461, 59.9127, 4],
  ],
  'map-places/abc/1/6_4.json': [
    ['Augsburg', 10.8985, 48.3715, 6],
    ['Freising', 11.7489, 48.4035, 7],
  ],
  'map-places/abc/3/95_69.json': [['Bogenhausen', 11.6159, 48.1522, 12]],
};

describe('PlaceCatalog', () => {
  it('loads the cells of the view and zoom once, and names only the places due at that zoom', async () => {
    const fetchCell = vi.fn(async (path: string) => FILES[path]!);
    const catalog = new PlaceCatalog(MANIFEST, fetchCell);
    const loaded = vi.fn();
    const bavaria = [10, 47.5, 12.5, 49] as const;
    expect(catalog.inView(bavaria, 6, loaded)).toEqual([]);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledTimes(2));
    expect(catalog.inView(bavaria, 6, loaded).map(([name]) => name)).toEqual(['Munich', 'Augsburg']);
    expect(catalog.inView(bavaria, 7, loaded).map(([name]) => name)).toEqual(['Munich', 'Augsburg', 'Freising']);
    expect(fetchCell.mock.calls.map(([path]) => path)).toEqual(['map-places/abc/0/0_0.json', 'map-places/abc/1/6_4.json']);
    // Close in, the districts' cell is asked for as well; cells that hold nothing never are.
    catalog.inView(bavaria, 12, loaded);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalledTimes(3));
    expect(catalog.inView(bavaria, 12, loaded).map(([name]) => name)).toContain('Bogenhausen');
    expect(fetchCell).toHaveBeenCalledTimes(3);
  });

  it('asks again for a cell that failed to arrive', async () => {
    const fetchCell = vi
      .fn()
      .mockRejectedValueOnce(new Error('cut off'))
      .mockImplementation(async (path: string) => FILES[path]!);
    const catalog = new PlaceCatalog(MANIFEST, fetchCell);
    const world = [-180, -85, 180, 85] as const;
    catalog.inView(world, 4, () => undefined);
    await vi.waitFor(() => expect(fetchCell).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    const loaded = vi.fn();
    catalog.inView(world, 4, loaded);
    await vi.waitFor(() => expect(loaded).toHaveBeenCalled());
    expect(catalog.inView(world, 4, loaded).map(([name]) => name)).toEqual(['Munich', 'Oslo']);
  });
});
