// Light and dark themes: Chakra styles `.dark` descendants; the choice is kept per browser.
import { useSyncExternalStore } from 'react';

export type ColorMode = 'light' | 'dark';
const STORAGE_KEY = 'fleet-console.color-mode';
const listeners = new Set<() => void>();

function stored(): ColorMode | null {
  const value = window.localStorage.getItem(STORAGE_KEY);
  return value === 'light' || value === 'dark' ? value : null;
}

function apply(mode: ColorMode): void {
  const root = document.documentElement;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.style.colorScheme = mode;
}

export function initialColorMode(): ColorMode {
  const mode = stored() ?? (window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');
  apply(mode);
  return mode;
}

export function setColorMode(mode: ColorMode): void {
  window.localStorage.setItem(STORAGE_KEY, mode);
  show(mode);
}

function show(mode: ColorMode): void {
  apply(mode);
  for (const listener of listeners) listener();
}

/** The wall's dark theme: shown while kiosk mode lasts, without changing the browser's kept choice. */
export function showWallTheme(): () => void {
  show('dark');
  return () => show(initialColorMode());
}

export function useColorMode(): ColorMode {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'),
  );
}
