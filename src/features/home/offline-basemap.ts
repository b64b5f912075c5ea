// Country outlines from Natural Earth (world-atlas, 1:50m), shipped with the console so the map
// works in an air-gapped control room. Loaded on demand to keep the first paint small.
import type { FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

let countries: Promise<FeatureCollection> | null = null;

export function loadCountryOutlines(): Promise<FeatureCollection> {
  countries ??= import('world-atlas/countries-50m.json').then((module) => {
    const topology = module.default as unknown as Topology<{ countries: GeometryCollection }>;
    return feature(topology, topology.objects.countries) as FeatureCollection;
  });
  return countries;
}
