// How the shipped place names are cut up: the build writes them in these bands and cells (map-cells.ts),
// the map loads the ones its view and zoom need. Shared by the build step and the map.
import type { CellGrid } from './map-cells';

/** A place as shipped: name, longitude, latitude and the zoom it is named from; each cell lists the largest first. */
export type ShippedPlace = readonly [name: string, lng: number, lat: number, minZoom: number];

export interface PlaceBand extends CellGrid {
  /** Places of this band show from this zoom on (each place has its own, see `placeMinZoom`). */
  minZoom: number;
  /** The band's highest place zoom; places above it are in the next band. */
  maxZoom: number;
}

/** Few large places for the world view, more and smaller ones in ever smaller cells as the zoom grows. */
export const PLACE_BANDS: readonly PlaceBand[] = [
  { minZoom: 0, maxZoom: 5, cellDegrees: 360 },
  { minZoom: 6, maxZoom: 7, cellDegrees: 30 },
  { minZoom: 8, maxZoom: 9, cellDegrees: 10 },
  { minZoom: 10, maxZoom: 99, cellDegrees: 2 },
];

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
