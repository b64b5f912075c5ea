// Ships map data with the console: at build time a data set cut into bands and cells becomes small
// JSON files under dist/ (one per band and cell), and a virtual module tells the map which exist.
// The dev server serves the same files from memory. Nothing is fetched from another origin.
import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';
import type { CellManifest } from '../../src/features/home/map-cells';

/** Per band, each cell's data. */
export type BandCells = ReadonlyArray<ReadonlyMap<string, unknown>>;

export interface OfflineCellsOptions {
  /** The virtual module the map imports the manifest from. */
  moduleId: string;
  /** Folder of the files under the console's base; a hash of the data follows. */
  folder: string;
  /** Cuts the data (from a package, at build time). */
  cut: () => BandCells;
}

interface CellFiles {
  manifest: CellManifest;
  /** File name under the base to its JSON text. */
  files: Map<string, string>;
}

function writeCellFiles({ folder, cut }: OfflineCellsOptions): CellFiles {
  const texts = cut().map((band) => new Map([...band].map(([key, data]) => [key, JSON.stringify(data)])));
  const hash = createHash('sha256');
  texts.forEach((band, index) => band.forEach((text, key) => hash.update(`${index}/${key}\n${text}\n`)));
  const path = `${folder}/${hash.digest('hex').slice(0, 10)}/`;
  const files = new Map<string, string>();
  texts.forEach((band, index) => band.forEach((text, key) => files.set(`${path}${index}/${key}.json`, text)));
  return { manifest: { path, cells: texts.map((band) => [...band.keys()].sort()) }, files };
}

export function offlineCells(options: OfflineCellsOptions): Plugin {
  const resolvedId = `\0${options.moduleId}`;
  let built: CellFiles | null = null;
  const cellFiles = (): CellFiles => (built ??= writeCellFiles(options));
  return {
    name: `fleet-offline-${options.folder}`,
    resolveId: (id) => (id === options.moduleId ? resolvedId : null),
    load: (id) => (id === resolvedId ? `export default ${JSON.stringify(cellFiles().manifest)};` : null),
    generateBundle() {
      for (const [fileName, source] of cellFiles().files) this.emitFile({ type: 'asset', fileName, source });
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const name = request.url?.split('?')[0]?.replace(/^\/+/, '') ?? '';
        const text = name.startsWith(`${options.folder}/`) ? cellFiles().files.get(name) : undefined;
        if (text === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(text);
      });
    },
  };
}
