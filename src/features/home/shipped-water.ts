// The lakes and rivers shipped with the console (cut by scripts/offline-water), read cell by cell
// from the console's own origin.
import { ShippedCells, fetchShippedCell, loadOnce } from './shipped-cells';
import type { ShippedWater } from './water-bands';

/** One set of cells for every map of the page: a cell loaded once serves them all. Its index is loaded on demand. */
export const shippedWater = loadOnce(() =>
  import('virtual:offline-water').then((manifest) => new ShippedCells<ShippedWater>(manifest.default, fetchShippedCell<ShippedWater>)),
);
