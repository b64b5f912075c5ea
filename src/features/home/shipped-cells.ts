// The cells of data shipped with the console, fetched one by one from the console's own origin as
// the map needs them, each once.
import type { CellManifest } from './map-cells';

export class ShippedCells<T> {
  private readonly loaded = new Map<string, T>();
  private readonly loading = new Set<string>();
  private readonly known: ReadonlyArray<ReadonlySet<string>>;

  constructor(
    private readonly manifest: CellManifest,
    private readonly fetchCell: (path: string) => Promise<T>,
  ) {
    this.known = manifest.cells.map((cells) => new Set(cells));
  }

  /** Whether the build wrote this cell: cells that hold nothing are never asked for. */
  holds(band: number, key: string): boolean {
    return this.known[band]?.has(key) ?? false;
  }

  /**
   * The cell's data when at hand. Else undefined, and a cell the build wrote is asked for;
   * `onLoaded` is called when it arrives. A failed cell is asked again on a later call.
   */
  cell(band: number, key: string, onLoaded: () => void): T | undefined {
    if (!this.holds(band, key)) return undefined;
    const path = `${this.manifest.path}${band}/${key}.json`;
    const data = this.loaded.get(path);
    if (data === undefined) this.load(path, onLoaded);
    return data;
  }

  private load(path: string, onLoaded: () => void): void {
    if (this.loading.has(path)) return;
    this.loading.add(path);
    this.fetchCell(path).then(
      (data) => {
        this.loaded.set(path, data);
        this.loading.delete(path);
        onLoaded();
      },
      () => this.loading.delete(path),
    );
  }
}

/** A cell's JSON from the console's own origin. */
export async function fetchShippedCell<T>(path: string): Promise<T> {
  const response = await fetch(`${import.meta.env.BASE_URL}${path}`);
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return (await response.json()) as T;
}

/** Loads on first call and shares the answer with every later call; a failed load is not kept, so the next call tries again. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => {
        loading = null;
      });
    }
    return loading;
  };
}
