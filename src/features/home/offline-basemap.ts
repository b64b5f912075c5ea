// Country outlines from Natural Earth (world-atlas, 1:50m), shipped with the console so the map
// works in an air-gapped control room. Loaded on demand to keep the first paint small.
import type { FeatureCollection, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

let countries: Promise<FeatureCollection> | null = null;

export function loadCountryOutlines(): Promise<FeatureCollection> {
  countries ??= import('world-atlas/countries-50m.json').then((module) => {
    const topology = module.default as unknown as Topology<{ countries: GeometryCollection }>;
    const outlines = feature(topology, topology.objects.countries) as FeatureCollection;
    for (const country of outlines.features) {
      const geometry = country.geometry;
      if (geometry.type === 'Polygon') geometry.coordinates.forEach(unwrapRing);
      if (geometry.type === 'MultiPolygon') geometry.coordinates.forEach((polygon) => polygon.forEach(unwrapRing));
    }
    return outlines;
  });
  // A failed load (a chunk cut off by a server restart) is not kept: the next map asks again.
  countries.catch(() => {
    countries = null;
  });
  return countries;
}

/**
 * Rings that cross the antimeridian jump from +180 to -180; drawn as is, that jump becomes a line
 * across the whole map. Shift the following points by 360° so the ring stays continuous.
 */
export function unwrapRing(ring: Position[]): void {
  let shift = 0;
  for (let i = 1; i < ring.length; i++) {
    const previous = ring[i - 1]!;
    const point = ring[i]!;
    const step = point[0]! + shift - previous[0]!;
    if (step > 180) shift -= 360;
    else if (step < -180) shift += 360;
    point[0] = point[0]! + shift;
  }
}
