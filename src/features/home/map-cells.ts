// Map data shipped with the console is cut into bands (by zoom) and square cells (by place): the build
// writes one file per band and cell, the map loads the ones its view and zoom need. Shared by the
// build steps (scripts/offline-places, scripts/offline-water) and the map.

/** A band's grid: cells are squares of this many degrees, so a view loads only the cells it touches. */
export interface CellGrid {
  cellDegrees: number;
}

/** What the build shipped: what the map needs to find its cells. */
export interface CellManifest {
  /** Path of the files under the console's base, ending in a slash; changes with the data. */
  path: string;
  /** Per band, the cells that hold something. */
  cells: readonly (readonly string[])[];
}

/** [west, south, east, north] in degrees. */
export type View = readonly [number, number, number, number];

export function cellKey(grid: CellGrid, lng: number, lat: number): string {
  const [x, y] = cellIndex(grid, lng, lat);
  return `${x}_${y}`;
}

/** The cells of a grid that a view touches. */
export function cellsInView(grid: CellGrid, view: View): string[] {
  const [west, south, east, north] = view;
  const [x0, y0] = cellIndex(grid, Math.max(-180, west), Math.max(-90, south));
  const [x1, y1] = cellIndex(grid, Math.min(180, east), Math.min(90, north));
  const keys: string[] = [];
  for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) keys.push(`${x}_${y}`);
  return keys;
}

/** The cell's [west, south, east, north]. */
export function cellBounds(grid: CellGrid, key: string): View {
  const [x, y] = key.split('_').map(Number) as [number, number];
  const size = grid.cellDegrees;
  return [x * size - 180, y * size - 90, Math.min(180, (x + 1) * size - 180), Math.min(90, (y + 1) * size - 90)];
}

function cellIndex(grid: CellGrid, lng: number, lat: number): [number, number] {
  const size = grid.cellDegrees;
  const x = Math.min(Math.floor((lng + 180) / size), Math.ceil(360 / size) - 1);
  const y = Math.min(Math.floor((lat + 90) / size), Math.ceil(180 / size) - 1);
  return [x, y];
}
