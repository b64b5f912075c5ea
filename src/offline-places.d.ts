declare module 'virtual:offline-places' {
  import type { CellManifest } from './features/home/map-cells';
  const manifest: CellManifest;
  export default manifest;
}
