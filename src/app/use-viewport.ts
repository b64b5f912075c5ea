import { useSyncExternalStore } from 'react';

/** wide ≥ 1200 px; compact 1024–1199 px (sidebar as icons); narrow < 1024 px (sidebar as drawer). */
export type Viewport = 'wide' | 'compact' | 'narrow';

export const SIDEBAR_COLLAPSE_PX = 1200;
export const NARROW_LAYOUT_PX = 1024;

function read(): Viewport {
  const width = window.innerWidth;
  if (width < NARROW_LAYOUT_PX) return 'narrow';
  return width < SIDEBAR_COLLAPSE_PX ? 'compact' : 'wide';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, read);
}
