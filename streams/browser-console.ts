import { animationFrameScheduler } from 'rxjs';
import { createFleetConsole } from './fleet-console';
import { MemoryStorage } from './session/memory-storage';
import type { TraceIndex } from './trace/trace-index';
import { createTraceReplayer, type TraceReplayer } from './trace/trace-replayer';
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

/**
 * A second console that shows a trace instead of the live fleet: REST and socket come from the
 * trace, moved to today's clock, paused at its start; the live console's session is left alone.
 */
export async function createBrowserReplayConsole(config: ConsoleConfig, trace: TraceIndex): Promise<{ console: FleetConsole; replayer: TraceReplayer }> {
  const replayer = createTraceReplayer(trace, { speed: 1, retime: true, paused: true, checkpoints: trace.checkpoints, apiBase: config.apiBase });
  const replayConsole = createFleetConsole(config, {
    fetch: replayer.fetch,
    createSocket: replayer.createSocket,
    storage: new MemoryStorage(),
    preferences: window.localStorage,
    frameScheduler: animationFrameScheduler,
    rewind$: replayer.rewind$,
  });
  // The trace answers any sign-in; signed in before any screen sees it, so none sends it to /login.
  await replayConsole.signIn('replay', 'replay');
  return { console: replayConsole, replayer };
}
