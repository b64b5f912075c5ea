declare module 'virtual:offline-places' {
  import type { PlaceManifest } from './features/home/place-bands';
  const manifest: PlaceManifest;
  export default manifest;
}
