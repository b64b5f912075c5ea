// The shipped place names, loaded cell by cell as the map's view and zoom need them (a few kB each),
// from the console's own origin.
import { cellsInView, type CellManifest, type View } from './map-cells';
import { PLACE_BANDS, bandOfZoom, type ShippedPlace } from './place-bands';
import { ShippedCells } from './shipped-cells';

export class PlaceCatalog {
  private readonly cells: ShippedCells<readonly ShippedPlace[]>;

  constructor(manifest: CellManifest, fetchCell: (path: string) => Promise<readonly ShippedPlace[]>) {
    this.cells = new ShippedCells(manifest, fetchCell);
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
        for (const place of this.cells.cell(band, cell, onLoaded) ?? []) {
          const [, lng, lat, minZoom] = place;
          if (minZoom <= zoom && lng >= west && lng <= east && lat >= south && lat <= north) places.push(place);
        }
      }
    }
    // Cells come one after the other: the earlier a place is named, the larger it is.
    return places.sort((a, b) => a[3] - b[3]);
  }
}
