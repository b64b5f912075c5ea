// wouter location for a console whose browser back button is neutralised (spec section 2):
// in-app navigation replaces the history entry instead of pushing, and one sentinel entry
// absorbs the back button, which then leaves the user where they are.
import { useSyncExternalStore } from 'react';
import type { BaseLocationHook } from 'wouter';

type Listener = () => void;
const listeners = new Set<Listener>();
let current = readUrl();

function readUrl(): { path: string; search: string } {
  return { path: window.location.pathname, search: window.location.search.replace(/^\?/, '') };
}

function notify(): void {
  current = readUrl();
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function navigate(to: string): void {
  const url = new URL(to, window.location.origin);
  if (url.pathname + url.search === window.location.pathname + window.location.search) return;
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  notify();
}

/**
 * Whether a click on a real link (`<a href>`) should stay in the tab, replacing the entry as the
 * spec's navigation does; a middle click, a modified click or "open in new tab" is the browser's.
 */
export function isPlainClick(event: { button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

type LinkClick = Parameters<typeof isPlainClick>[0] & { defaultPrevented: boolean; preventDefault(): void };

/**
 * The click handler of a real link: a plain click runs `go` in this tab (which navigates with the
 * spec's replace), anything else is left to the browser (new tab, new window, copy address).
 */
export function onPlainClick(go: () => void): (event: LinkClick) => void {
  return (event) => {
    if (event.defaultPrevented || !isPlainClick(event)) return;
    event.preventDefault();
    go();
  };
}

/**
 * A real link to a page of the console: the address for the browser (new tab, copy link), and a
 * plain click that runs `beforeOpen` (session values the page reads) and navigates in this tab.
 */
export function linkProps(href: string, beforeOpen?: () => void): { href: string; onClick: (event: LinkClick) => void } {
  return {
    href,
    onClick: onPlainClick(() => {
      beforeOpen?.();
      navigate(href);
    }),
  };
}

export function installBackButtonTrap(): () => void {
  // The whole address: a path such as //host/page read back as a relative URL names another origin,
  // which pushState refuses (the console would not start).
  const pinned = () => window.location.href;
  let here = pinned();
  window.history.pushState({ fleetConsole: 'sentinel' }, '', here);
  const unsubscribe = subscribe(() => {
    here = pinned();
  });
  const onPopState = () => window.history.pushState({ fleetConsole: 'sentinel' }, '', here);
  window.addEventListener('popstate', onPopState);
  return () => {
    unsubscribe();
    window.removeEventListener('popstate', onPopState);
  };
}

export const usePinnedLocation: BaseLocationHook = () => {
  const path = useSyncExternalStore(subscribe, () => current.path);
  return [path, (to: string) => navigate(to)];
};

export function usePinnedSearch(): string {
  return useSyncExternalStore(subscribe, () => current.search);
}
