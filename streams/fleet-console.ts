import { BehaviorSubject, Subject, asyncScheduler } from 'rxjs';
import { fetchRecentAlarms, fetchSharedVehicle, fetchVehicleSnapshot } from './api/fleet-calls';
import { createRestClient } from './api/rest-client';
import type { TokenResponse } from './api/types';
import { createCommandChannel } from './commands/command-channel';
import { SubscriptionRegistry } from './commands/subscription-registry';
import { createConnection } from './connection/connection';
import { NOTICE_TEXT, type DialogReason, type Notice } from './notices/types';
import { decodeMessage, emptyDropCounts } from './protocol/decode';
import { CMD, FORCED_LOGOUT, type AckFrame, type DropReason, type FrameSink } from './protocol/types';
import { createSessionStore } from './session/session-store';
import { startTraceRecording } from './trace/trace-recorder';
import type { ConsoleConfig, ConsoleDeps, FleetConsole } from './types';
import { ALARM_FEED_LIMIT } from './vehicles/fleet-store';
import { createFleetState } from './vehicles/fleet-state';

const REST_TIMEOUT_MS = 60_000;
const ACK_TIMEOUT_MS = 10_000;
const NODE_FRAME_MS = 16;

const FORCED_LOGOUT_DIALOG: Record<number, { reason: DialogReason; text: string }> = {
  [FORCED_LOGOUT.userStatusChanged]: { reason: 'user-status-changed', text: NOTICE_TEXT.userStatusChanged },
  [FORCED_LOGOUT.userRoleChanged]: { reason: 'user-role-changed', text: NOTICE_TEXT.userRoleChanged },
};
const LOGIN_EXPIRED_DIALOG = { reason: 'login-expired', text: NOTICE_TEXT.loginExpired } as const;

function basicAuth(clientId: string, clientSecret: string): string {
  const bytes = new TextEncoder().encode(`${clientId}:${clientSecret}`);
  return `Basic ${btoa(String.fromCharCode(...bytes))}`;
}

/**
 * The console's data layer: session, REST, socket, live fleet state, commands and traces, wired from
 * injected dependencies so the same code runs in the browser, in Node and against a trace.
 */
export function createFleetConsole(config: ConsoleConfig, deps: ConsoleDeps): FleetConsole {
  const now = deps.now ?? Date.now;
  const scheduler = deps.scheduler ?? asyncScheduler;
  const session = createSessionStore(deps.storage);
  const rest = createRestClient({
    apiBase: config.apiBase,
    fetch: deps.fetch,
    token: () => session.get('token'),
    timeoutMs: config.timeoutMs ?? REST_TIMEOUT_MS,
  });
  const connection = createConnection({ createSocket: deps.createSocket, now, scheduler, backoff: deps.backoff });
  const notices$$ = new Subject<Notice>();
  const forcedLogout$$ = new Subject<DialogReason>();
  const acks$$ = new Subject<AckFrame>();
  const drops = emptyDropCounts();
  const dropped$$ = new BehaviorSubject(emptyDropCounts());
  const drop = (reason: DropReason): void => {
    drops[reason] += 1;
    dropped$$.next({ ...drops });
  };

  const fleet = createFleetState({
    now,
    scheduler: deps.frameScheduler ?? scheduler,
    frameMs: deps.frameScheduler ? 0 : NODE_FRAME_MS,
    drop,
  });
  const registry = new SubscriptionRegistry();
  const commands = createCommandChannel({
    send: connection.send,
    acks$: acks$$,
    registry,
    scheduler,
    timeoutMs: config.ackTimeoutMs ?? ACK_TIMEOUT_MS,
  });

  let refreshes = 0;
  const refresh = async (): Promise<void> => {
    refreshes += 1;
    const mine = refreshes;
    // A share guest may fetch its one vehicle and nothing else.
    const shared = session.get('shareAccount') !== null;
    const [vehicles, alarms] = await Promise.allSettled([
      shared ? fetchSharedVehicle(rest.client) : fetchVehicleSnapshot(rest.client),
      shared ? Promise.resolve([]) : fetchRecentAlarms(rest.client, ALARM_FEED_LIMIT),
    ]);
    // A slower, older refresh must not overwrite a newer one.
    if (mine !== refreshes) return;
    if (alarms.status === 'fulfilled') fleet.setAlarmList(alarms.value);
    if (vehicles.status === 'rejected') throw vehicles.reason;
    fleet.replace(vehicles.value);
  };
  const refreshQuietly = (): void => {
    // Failures already reached the person as notices from the REST client.
    refresh().catch(() => undefined);
  };

  const forcedLogout = (msgId: number): void => {
    const dialog = FORCED_LOGOUT_DIALOG[msgId] ?? LOGIN_EXPIRED_DIALOG;
    connection.disconnect();
    forcedLogout$$.next(dialog.reason);
    notices$$.next({ kind: 'dialog', ...dialog });
  };

  const sink: FrameSink = {
    frame: (frame) => {
      if (frame.cmd === CMD.ack) acks$$.next(frame);
      else if (frame.cmd === CMD.forcedLogout) forcedLogout(frame.data.msgId);
      else if (frame.cmd !== CMD.notice) fleet.apply(frame);
    },
    drop,
  };

  // The edges: socket messages into the store, connection changes into subscriptions, refreshes, notices.
  connection.messages$.subscribe((message) => decodeMessage(message, sink));
  connection.opened$.subscribe((opens) => {
    for (const selection of registry.selections()) connection.send({ cmd: CMD.subscribe, data: selection });
    if (opens > 1) refreshQuietly();
  });
  connection.state$.subscribe(({ state }) => {
    if (state === 'retrying' || state === 'expired') fleet.markStale();
    if (state === 'expired') {
      notices$$.next({ kind: 'dialog', reason: 'websocket-expired', text: NOTICE_TEXT.websocketExpired });
    }
  });
  rest.notices$.subscribe(notices$$);

  const start = (): void => {
    const ws = session.get('ws');
    if (session.get('token') === null || ws === null) return;
    connection.connect(ws);
    refreshQuietly();
  };

  const signInWith = async (grantType: 'password' | 'share', username: string, password: string): Promise<void> => {
    const token = await rest.request<TokenResponse>('POST', '/oauth/token', {
      body: { username, password, grant_type: grantType },
      authorization: basicAuth(config.clientId, config.clientSecret),
      unauthorized: 'toast',
    });
    session.set('token', token.access_token);
    session.set('ws', token.ws);
    if (grantType === 'share') session.set('shareAccount', username);
    registry.reset();
    start();
  };

  return {
    session,
    api: rest.client,
    notices$: notices$$.asObservable(),
    forcedLogout$: forcedLogout$$.asObservable(),
    connection$: connection.state$,
    dropped$: dropped$$.asObservable(),
    signIn: (username, password) => signInWith('password', username, password),
    signInShare: (account, password) => signInWith('share', account, password),
    resume: start,
    signOut: () => {
      // A refresh still in flight must not refill the fleet after sign-out.
      refreshes += 1;
      session.clear();
      connection.disconnect();
      registry.reset();
      fleet.reset();
    },
    fleet: {
      summary$: fleet.summary$,
      vehicles$: fleet.vehicles$,
      vehicle$: fleet.vehicle$,
      alarms$: fleet.alarms$,
      firmware$: fleet.firmware$,
      keys$: fleet.keys$,
      refresh,
    },
    commands,
    trace: {
      startRecording: () =>
        startTraceRecording({
          in$: connection.messages$,
          out$: connection.sent$,
          rest$: rest.exchanges$,
          now,
        }),
    },
  };
}
