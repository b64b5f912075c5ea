import { animationFrameScheduler } from 'rxjs';
import { createFleetConsole } from './fleet-console';
import type { ConsoleConfig, FleetConsole } from './types';

/** The console wired to the browser: window.fetch, WebSocket, sessionStorage and animation frames. */
export function createBrowserConsole(config: ConsoleConfig): FleetConsole {
  return createFleetConsole(config, {
    fetch: window.fetch.bind(window),
    createSocket: (url) => new WebSocket(url),
    storage: window.sessionStorage,
    preferences: window.localStorage,
    frameScheduler: animationFrameScheduler,
  });
}
