// Kiosk mode (a wall display): asked for with `?kiosk=1` on any page or from the header, and kept for
// the browser tab (a reload or an in-app link stays in kiosk) until it is left on purpose.
import { useSyncExternalStore } from 'react';
import { WALL_LINK } from '../../contract/protocol/console-links';

const STORAGE_KEY = 'fleet-console.kiosk';
const PLAYLIST_KEY = 'fleet-console.kiosk-playlist';
export const KIOSK_PARAM = 'kiosk';
/** `?kiosk=1&playlist=<id>` starts a wall playlist. */
export const PLAYLIST_PARAM = WALL_LINK.playlistParam;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** Reads the URL flag once at start: `?kiosk=1` enters kiosk mode for this tab. */
export function kioskFromUrl(search: string): void {
  const params = new URLSearchParams(search);
  if (params.get(KIOSK_PARAM) !== '1') return;
  window.sessionStorage.setItem(STORAGE_KEY, '1');
  const playlist = params.get(PLAYLIST_PARAM);
  if (playlist) window.sessionStorage.setItem(PLAYLIST_KEY, playlist);
}

/** The playlist this kiosk tab plays, if one was started. */
export function kioskPlaylist(): string | null {
  return window.sessionStorage.getItem(PLAYLIST_KEY);
}

export function enterKiosk(): void {
  window.sessionStorage.setItem(STORAGE_KEY, '1');
  // A wall fills the screen; a browser that refuses (no user gesture) stays windowed.
  document.documentElement.requestFullscreen?.().catch(() => undefined);
  notify();
}

export function leaveKiosk(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
  window.sessionStorage.removeItem(PLAYLIST_KEY);
  if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  notify();
}

export function useKioskMode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => window.sessionStorage.getItem(STORAGE_KEY) === '1',
  );
}
