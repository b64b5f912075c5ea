import { BehaviorSubject, ReplaySubject, Subject, asyncScheduler, debounceTime, distinctUntilChanged, map, merge, of, share } from 'rxjs';
import { ApiError } from './api/api-error';
import { createConsoleResources } from './api/console-resources';
import { acknowledgeAlarm, fetchActiveAlarms, fetchSharedVehicle, fetchVehicleSnapshot } from './api/fleet-calls';
import { loadable$ } from './api/loadable';
import { createRestClient } from './api/rest-client';
import type { ActiveAlarmFilter, TokenResponse } from '../contract/api/types';
import { createCommandChannel } from './commands/command-channel';
import { SubscriptionRegistry } from './commands/subscription-registry';
import { createConnection } from './connection/connection';
import { NOTICE_TEXT, type DialogReason, type Notice } from './notices/types';
import { decodeMessage, emptyDropCounts } from '../contract/protocol/decode';
import { CMD, FORCED_LOGOUT, type AckFrame, type DropReason, type FrameSink, type IncomingFrame, type RecordKind } from '../contract/protocol/types';
import { exponentialBackoff } from './connection/backoff';
import { createAccountStore } from './session/account-store';
import { MemoryStorage } from './session/memory-storage';
import { createProfileStore } from './session/profile-store';
import { createSessionStore } from './session/session-store';
import { readScreenAnswers } from './trace/screen-answers';
import { createTraceRecording } from './trace/trace-recording';
import type { ConsoleConfig, ConsoleDeps, FleetConsole } from './types';
import { createFleetState } from './vehicles/fleet-state';
import { createIncidents, type IncidentChange } from './alarms/incidents';
import { createSnapshotLoader } from './vehicles/snapshot-loader';

const REST_TIMEOUT_MS = 60_000;
const ACK_TIMEOUT_MS = 10_000;
const NODE_FRAME_MS = 16;
/** Further attempts of a REST read after a network failure or time-out. */
const REST_RETRIES = 2;
/** The active alarms kept: the home feed's one page. */
const ACTIVE_ALARMS_PAGE = 50;
/** Active alarms are reloaded this long after live frames raise or clear one, and at least this often. */
const ACTIVE_ALARMS_SETTLE_MS = 1000;
const ACTIVE_ALARMS_POLL_MS = 30_000;
/** At most one snapshot refetch per this long because a vehicle the fleet does not know reported. */
const UNKNOWN_VEHICLE_REFETCH_MS = 30_000;

/** The resource whose open lists and details show a record of each kind cmd 164 names. */
const RECORD_RESOURCES = { vehicle: 'vehicles', fleet: 'fleets', subFleet: 'subFleets', depot: 'depots' } as const satisfies Record<RecordKind, string>;

const FORCED_LOGOUT_DIALOG: Record<number, { reason: DialogReason; text: string }> = {
  [FORCED_LOGOUT.userStatusChanged]: { reason: 'user-status-changed', text: NOTICE_TEXT.userStatusChanged },
  [FORCED_LOGOUT.userRoleChanged]: { reason: 'user-role-changed', text: NOTICE_TEXT.userRoleChanged },
};
const LOGIN_EXPIRED_DIALOG = { reason: 'login-expired', text: NOTICE_TEXT.loginExpired } as const;
const SHARE_ENDED_DIALOG = { reason: 'share-ended', text: NOTICE_TEXT.sessionExpired } as const;
const DISPLAY_REVOKED_DIALOG = { reason: 'display-revoked', text: NOTICE_TEXT.displayRevoked } as const;
const DISPLAY_REPLACED_DIALOG = { reason: 'display-replaced', text: NOTICE_TEXT.displayReplaced } as const;

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
  const readRetry = {
    count: REST_RETRIES,
    delayMs: deps.backoff ?? exponentialBackoff({ baseMs: 500, maxMs: 4000, random: Math.random }),
    scheduler,
  };
  const resources = createConsoleResources(rest.client, readRetry);
  const account = createAccountStore(rest.client);
  const profile = createProfileStore(rest.client, deps.preferences ?? new MemoryStorage());
  const connection = createConnection({
    createSocket: deps.createSocket,
    now,
    scheduler,
    backoff: deps.backoff,
    reconnectDelaysMs: config.reconnectDelaysMs,
  });
  const notices$$ = new Subject<Notice>();
  const acks$$ = new Subject<AckFrame>();
  const drops = emptyDropCounts();
  const dropped$$ = new BehaviorSubject(emptyDropCounts());
  const drop = (reason: DropReason): void => {
    drops[reason] += 1;
    dropped$$.next({ ...drops });
  };

  let lastUnknownRefetch = -Infinity;
  const fleet = createFleetState({
    now,
    scheduler: deps.frameScheduler ?? scheduler,
    frameMs: deps.frameScheduler ? 0 : NODE_FRAME_MS,
    drop,
    // A vehicle added since the snapshot: fetch a fresh one, holding its frames meanwhile.
    onUnknownVehicle: () => {
      if (now() - lastUnknownRefetch < UNKNOWN_VEHICLE_REFETCH_MS) return;
      lastUnknownRefetch = now();
      refresh();
    },
  });
  const registry = new SubscriptionRegistry();
  const commands = createCommandChannel({
    send: connection.send,
    acks$: acks$$,
    registry,
    scheduler,
    timeoutMs: config.ackTimeoutMs ?? ACK_TIMEOUT_MS,
  });

  const snapshot = createSnapshotLoader({
    load: async () => {
      // A share guest may fetch its one vehicle and nothing else.
      if (session.get('shareAccount') !== null) return fetchSharedVehicle(rest.client);
      // An account whose menu is empty (it lands on settings) has no page that shows vehicles, and its
      // role may well not read them: asking would only be refused, and toasted. The menu is the
      // contract's word for what a role reaches; permission names are each server's own.
      const signedIn = await account.load();
      if (signedIn.status === 'ready' && signedIn.menu.length === 0) return [];
      return fetchVehicleSnapshot(rest.client);
    },
    land: (vehicles) => fleet.replace(vehicles),
    backoff: deps.backoff ?? exponentialBackoff({ baseMs: 1000, maxMs: 30_000, random: Math.random }),
    scheduler,
    // Each failure already reached the person as a notice from the REST client; an ended session needs a new sign-in.
    isFinal: (error) => error instanceof ApiError && error.kind === 'code' && error.code === 401,
  });
  const refresh = (): void => {
    fleet.awaitSnapshot();
    snapshot.request();
  };
  // Alarms acknowledged here or on any console (cmd 162).
  const alarmAcks$$ = new Subject<string>();
  // Active alarms from the list call, reloaded when live frames raise or clear one, or one is acknowledged.
  const activeAlarmsWhere$ = (filter: ActiveAlarmFilter) =>
    loadable$(of(null), () => fetchActiveAlarms(rest.client, ACTIVE_ALARMS_PAGE, filter), {
      retry: readRetry,
      refresh$: merge(fleet.alarmChanges$.pipe(debounceTime(ACTIVE_ALARMS_SETTLE_MS, scheduler)), alarmAcks$$),
      poll: { everyMs: ACTIVE_ALARMS_POLL_MS },
    });
  // The one source of all active alarms, shared by every screen that shows them.
  const activeAlarms$ = activeAlarmsWhere$({}).pipe(share({ connector: () => new ReplaySubject(1), resetOnRefCountZero: true }));
  // Incidents this session sees changed (cmd 165).
  const incidentChanges$$ = new Subject<IncidentChange>();
  const incidents = createIncidents({
    api: rest.client,
    retry: readRetry,
    changes$: incidentChanges$$,
    alarmChanges$: merge(fleet.alarmChanges$, alarmAcks$$),
    scheduler,
    pageSize: ACTIVE_ALARMS_PAGE,
    settleMs: ACTIVE_ALARMS_SETTLE_MS,
    pollMs: ACTIVE_ALARMS_POLL_MS,
  });

  const isShareGuest = (): boolean => session.get('shareAccount') !== null;
  // A wall's session lasts until its display token is revoked or signs in elsewhere (one session per display).
  const isWallDisplay = (): boolean => session.get('wallDisplay') === true;
  const wallEnded = (msgId: number) => (msgId === FORCED_LOGOUT.displayReplaced ? DISPLAY_REPLACED_DIALOG : DISPLAY_REVOKED_DIALOG);
  const forcedLogout = (msgId: number): void => {
    const dialog = isWallDisplay() ? wallEnded(msgId) : isShareGuest() ? SHARE_ENDED_DIALOG : (FORCED_LOGOUT_DIALOG[msgId] ?? LOGIN_EXPIRED_DIALOG);
    connection.disconnect();
    notices$$.next({ kind: 'dialog', ...dialog });
  };

  // The playlist assigned to this wall's display (cmd 163); undefined until the server says.
  const displayPlaylist$$ = new BehaviorSubject<string | null | undefined>(undefined);

  const frames$$ = new Subject<IncomingFrame>();
  const sink: FrameSink = {
    frame: (frame) => {
      // Checked first so that, unwatched, the typed stream costs the hot path one property read.
      if (frames$$.observed) frames$$.next(frame);
      if (frame.cmd === CMD.ack) acks$$.next(frame);
      else if (frame.cmd === CMD.forcedLogout) forcedLogout(frame.data.msgId);
      else if (frame.cmd === CMD.alarmAcknowledged) alarmAcks$$.next(frame.data.alarmId);
      else if (frame.cmd === CMD.incidentChanged) incidentChanges$$.next(frame.data);
      else if (frame.cmd === CMD.displayPlaylist) displayPlaylist$$.next(frame.data.playlistId);
      else if (frame.cmd === CMD.recordChanged) resources[RECORD_RESOURCES[frame.data.kind]].refresh();
      else if (frame.cmd !== CMD.notice) fleet.apply(frame);
    },
    drop,
  };

  // The edges: socket messages into the store, connection changes into subscriptions, refreshes, notices.
  connection.messages$.subscribe((message) => decodeMessage(message, sink));
  connection.opened$.subscribe((opens) => {
    for (const selection of registry.selections()) connection.send({ cmd: CMD.subscribe, data: selection });
    if (opens > 1) refresh();
  });
  connection.state$.subscribe(({ state }) => {
    if (state === 'retrying' || state === 'expired') fleet.markStale();
    if (state === 'expired') {
      notices$$.next({ kind: 'dialog', reason: 'websocket-expired', text: NOTICE_TEXT.websocketExpired });
    }
  });
  deps.rewind$?.subscribe(({ vehicles, frames }) => {
    fleet.reset();
    fleet.replace(vehicles);
    for (const frame of frames) fleet.apply(frame);
  });
  // A guest has no login: its ended session (a 401) says so in the share's words; a wall, in its own.
  const endedDialog = () => (isWallDisplay() ? DISPLAY_REVOKED_DIALOG : isShareGuest() ? SHARE_ENDED_DIALOG : null);
  rest.notices$.subscribe((notice) => {
    const ended = notice.kind === 'dialog' ? endedDialog() : null;
    notices$$.next(ended ? { kind: 'dialog', ...ended } : notice);
  });

  const start = (): void => {
    const ws = session.get('ws');
    if (session.get('token') === null || ws === null) return;
    // A wall never gives up on the server: the 4-attempt rule is for people's sessions.
    connection.connect(ws, { persistent: isWallDisplay() });
    refresh();
  };

  const signInWith = async (grantType: 'password' | 'share' | 'display', username: string, password: string): Promise<void> => {
    const token = await rest.request<TokenResponse>('POST', '/oauth/token', {
      body: { username, password, grant_type: grantType },
      authorization: basicAuth(config.clientId, config.clientSecret),
      unauthorized: 'toast',
      // A wall's sign-in screen says itself that the server is away or the display revoked.
      quiet: grantType === 'display',
    });
    session.set('token', token.access_token);
    session.set('ws', token.ws);
    if (grantType === 'share') session.set('shareAccount', username);
    if (grantType === 'display') session.set('wallDisplay', true);
    registry.reset();
    start();
  };

  return {
    session,
    api: rest.client,
    resources,
    account,
    profile,
    notices$: notices$$.asObservable(),
    connection$: connection.state$,
    frames$: frames$$.asObservable(),
    dropped$: dropped$$.asObservable(),
    signIn: (username, password) => signInWith('password', username, password),
    signInShare: (account, password) => signInWith('share', account, password),
    signInDisplay: (displayToken) => signInWith('display', displayToken, ''),
    wallPlaylist$: (linked) =>
      displayPlaylist$$.pipe(
        map((assigned) => assigned ?? linked),
        distinctUntilChanged(),
      ),
    resume: start,
    signOut: () => {
      // A snapshot still in flight must not refill the fleet after sign-out.
      snapshot.cancel();
      session.clear();
      connection.disconnect();
      displayPlaylist$$.next(undefined);
      registry.reset();
      fleet.reset();
      account.reset();
      profile.reset();
    },
    fleet: {
      summary$: fleet.summary$,
      vehicles$: fleet.vehicles$,
      vehicle$: fleet.vehicle$,
      activeAlarms$,
      activeAlarmsWhere$,
      alarmChanges$: fleet.alarmChanges$,
      acknowledgeAlarm: async (alarmId, note) => {
        const alarm = await acknowledgeAlarm(rest.client, alarmId, note);
        // A server without cmd 162 does not tell; reload here either way.
        alarmAcks$$.next(alarmId);
        return alarm;
      },
      firmware$: fleet.firmware$,
      keys$: fleet.keys$,
      snapshot$: snapshot.state$,
      refresh,
    },
    incidents,
    commands,
    trace: createTraceRecording({ in$: connection.messages$, out$: connection.sent$, rest$: rest.exchanges$, now }, () => {
      // Signed in, a trace starts with a fresh snapshot and what the screens show beside it, so it replays on its own.
      if (session.get('token') === null) return;
      refresh();
      readScreenAnswers(rest.quietClient, ACTIVE_ALARMS_PAGE);
    }),
  };
}
