// The shipped place names, loaded cell by cell as the map's view and zoom need them (a few kB each),
// from the console's own origin.
import { PLACE_BANDS, bandOfZoom, cellsInView, type PlaceManifest, type ShippedPlace } from './place-bands';

/** [west, south, east, north] in degrees. */
export type View = readonly [number, number, number, number];

export class PlaceCatalog {
  private readonly loaded = new Map<string, readonly ShippedPlace[]>();
  private readonly loading = new Set<string>();
  private readonly known: ReadonlyArray<ReadonlySet<string>>;

  constructor(
    private readonly manifest: PlaceManifest,
    private readonly fetchCell: (path: string) => Promise<readonly ShippedPlace[]>,
  ) {
    this.known = manifest.cells.map((cells) => new Set(cells));
  }

  /**
   * The places to name in the view at this zoom, largest first, from the cells at hand; cells not yet
   * at hand are asked for, and `onLoaded` is called as each arrives. A failed cell is asked again on
   * a later call.
   */
  inView(view: View, zoom: number, onLoaded: () => void): ShippedPlace[] {
    const [west, south, east, north] = view;
    const places: ShippedPlace[] = [];
    for (let band = 0; band <= bandOfZoom(zoom); band += 1) {
      for (const cell of cellsInView(PLACE_BANDS[band]!, view)) {
        if (!this.known[band]?.has(cell)) continue;
        const path = `${this.manifest.path}${band}/${cell}.json`;
        const cellPlaces = this.loaded.get(path);
        if (!cellPlaces) {
          this.load(path, onLoaded);
          continue;
        }
        for (const place of cellPlaces) {
          const [, lng, lat, minZoom] = place;
          if (minZoom <= zoom && lng >= west && lng <= east && lat >= south && lat <= north) places.push(place);
        }
      }
    }
    // Cells come one after the other: the earlier a place is named, the larger it is.
    return places.sort((a, b) => a[3] - b[3]);
  }

  private load(path: string, onLoaded: () => void): void {
    if (this.loading.has(path)) return;
    this.loading.add(path);
    this.fetchCell(path).then(
      (places) => {
        this.loaded.set(path, places);
        this.loading.delete(path);
        onLoaded();
      },
      () => this.loading.delete(path),
    );
  }
}
