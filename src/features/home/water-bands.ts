// How the shipped lakes and rivers are cut up: the build writes them in these bands and cells
// (map-cells.ts), the map draws the band of its zoom, loading only the cells its view touches.
// Unlike place names, a band replaces the one before it: the same water, in more detail.
import type { CellGrid } from './map-cells';

export interface WaterBand extends CellGrid {
  /** The band is drawn up to this zoom; the next one from the zoom after. */
  maxZoom: number;
  /** Coordinates are shipped as whole numbers of 1/scale degree: finer than a pixel at the band's zooms, and no finer. */
  scale: number;
}

export const WATER_BANDS: readonly WaterBand[] = [
  { maxZoom: 5, cellDegrees: 360, scale: 100 },
  { maxZoom: 7, cellDegrees: 30, scale: 500 },
  // The detailed lakes are generalised to about a kilometre: closer in, more digits would add nothing.
  { maxZoom: 99, cellDegrees: 5, scale: 2_000 },
];

/**
 * The water of one cell. Each lake ring (closed, a lake's shore or an island's) and each river line
 * is a flat list of whole numbers: the first point's longitude and latitude, then each next point's
 * difference from the one before, all in 1/scale degree of the band. Lakes are clipped to the cell,
 * so that neighbouring cells meet without seams.
 */
export interface ShippedWater {
  lakes: number[][];
  rivers: number[][];
}

export function waterBandOfZoom(zoom: number): number {
  return WATER_BANDS.findIndex((band) => zoom <= band.maxZoom);
}

/** A shipped ring or line back to [lat, lng] points, as Leaflet takes them. */
export function decodeWaterLine(scale: number, encoded: readonly number[]): Array<[number, number]> {
  const points: Array<[number, number]> = [];
  let x = 0;
  let y = 0;
  for (let i = 0; i + 1 < encoded.length; i += 2) {
    x += encoded[i]!;
    y += encoded[i + 1]!;
    points.push([y / scale, x / scale]);
  }
  return points;
}
