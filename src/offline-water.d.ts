declare module 'virtual:offline-water' {
  import type { CellManifest } from './features/home/map-cells';
  const manifest: CellManifest;
  export default manifest;
}
