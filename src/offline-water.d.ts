// An import type query: an `import` statement inside an ambient module cannot name a relative
// path, and the manifest silently became `any`.
declare module 'virtual:offline-water' {
  const manifest: import('./features/home/map-cells').CellManifest;
  export default manifest;
}
