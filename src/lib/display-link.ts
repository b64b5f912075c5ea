// A wall display's token: brought once by its display link (/wall?display=TOKEN) or typed in, and
// kept in this browser so the wall signs itself in again after a reload or a restart.
import { WALL_LINK } from '../../contract/protocol/console-links';

const TOKEN_KEY = 'fleet-console.display-token';
export const DISPLAY_PARAM = WALL_LINK.displayParam;

export const storedDisplayToken = (): string | null => window.localStorage.getItem(TOKEN_KEY);
export const storeDisplayToken = (token: string): void => window.localStorage.setItem(TOKEN_KEY, token);
export const forgetDisplayToken = (): void => window.localStorage.removeItem(TOKEN_KEY);

// Kept for the tab, outside the spec's session values (which signing out clears): a screen whose
// display signed in elsewhere must not take it back by itself, or two screens would take turns.
const REPLACED_KEY = 'fleet-console.display-replaced';
export const markDisplayReplaced = (): void => window.sessionStorage.setItem(REPLACED_KEY, '1');
export const displayReplaced = (): boolean => window.sessionStorage.getItem(REPLACED_KEY) === '1';
export const showDisplayHere = (): void => window.sessionStorage.removeItem(REPLACED_KEY);
