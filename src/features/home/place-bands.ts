// How the shipped place names are cut up: the build writes them in these bands and cells, the map
// loads the ones its view and zoom need. Shared by the build step and the map.

/** A place as shipped: name, longitude, latitude and the zoom it is named from; each cell lists the largest first. */
export type ShippedPlace = readonly [name: string, lng: number, lat: number, minZoom: number];

export interface PlaceBand {
  /** Places of this band show from this zoom on (each place has its own, see `placeMinZoom`). */
  minZoom: number;
  /** The band's highest place zoom; places above it are in the next band. */
  maxZoom: number;
  /** Cells are squares of this many degrees: a view loads only the cells it touches. */
  cellDegrees: number;
}

/** Few large places for the world view, more and smaller ones in ever smaller cells as the zoom grows. */
export const PLACE_BANDS: readonly PlaceBand[] = [
  { minZoom: 0, maxZoom: 5, cellDegrees: 360 },
  { minZoom: 6, maxZoom: 7, cellDegrees: 30 },
  { minZoom: 8, maxZoom: 9, cellDegrees: 10 },
  { minZoom: 10, maxZoom: 99, cellDegrees: 2 },
];

/** The places shipped: what the map needs to find its cells. */
export interface PlaceManifest {
  /** Path of the files under the console's base, ending in a slash; changes with the data. */
  path: string;
  /** Per band, the cells that hold places. */
  cells: readonly (readonly string[])[];
}

const POPULATION_ZOOMS: ReadonlyArray<readonly [population: number, zoom: number]> = [
  [5_000_000, 3],
  [1_000_000, 4],
  [300_000, 5],
  [100_000, 6],
  [30_000, 7],
  [10_000, 8],
  [3_000, 10],
  [1_000, 11],
];
/** Places of unknown population (GeoNames has many villages without one) come last. */
const UNKNOWN_POPULATION_ZOOM = 12;

/** The zoom from which a place is named: the larger the place, the earlier. A capital shows by zoom 4. */
export function placeMinZoom(population: number, capital: boolean): number {
  const zoom = POPULATION_ZOOMS.find(([least]) => population >= least)?.[1] ?? UNKNOWN_POPULATION_ZOOM;
  return capital ? Math.min(zoom, 4) : zoom;
}

export function bandOfZoom(zoom: number): number {
  return PLACE_BANDS.findIndex((band) => zoom <= band.maxZoom);
}

export function cellKey(band: PlaceBand, lng: number, lat: number): string {
  const size = band.cellDegrees;
  const x = Math.min(Math.floor((lng + 180) / size), Math.ceil(360 / size) - 1);
  const y = Math.min(Math.floor((lat + 90) / size), Math.ceil(180 / size) - 1);
  return `${x}_${y}`;
}

/** The cells of a band that a view [west, south, east, north] touches. */
export function cellsInView(band: PlaceBand, view: readonly [number, number, number, number]): string[] {
  const [west, south, east, north] = view;
  const [x0, y0] = cellKey(band, Math.max(-180, west), Math.max(-90, south)).split('_').map(Number) as [number, number];
  const [x1, y1] = cellKey(band, Math.min(180, east), Math.min(90, north)).split('_').map(Number) as [number, number];
  const keys: string[] = [];
  for (let x = x0; x <= x1; x += 1) for (let y = y0; y <= y1; y += 1) keys.push(`${x}_${y}`);
  return keys;
}
