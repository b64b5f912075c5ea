// The route access rule, route by route: every route the server registers has one declared decision
// (allow, deny, unauthenticated) for each built-in role, a share guest, a wall display and a caller
// without a token: listed below, or for a route not listed, the one its declared access rule gives.
// Calls carry inputs that change nothing (an invalid body, an unknown id or one outside the caller's
// scope), so an allowed caller gets 200/400/404 while a denied one is stopped (403) and an anonymous
// one is asked to sign in (401). The server decides the first two from the route's `config.access`
// (http/route-access.ts, enforced in http/authenticate.ts) and a row's scope from the route's
// `config.scope` (http/scope-policy.ts, enforced before every handler); the scope matrix below calls
// every route that names a row with a row outside the fixtures' fleet and with an unknown one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permits } from '../contract/api/permissions';
import type { RegisteredRoute } from './platform/boot/http-app';
import type { RouteAccess } from './platform/http/route-access';
import { decisionsOf, type ScopeDecision } from './platform/http/scope-policy';
import { api, openSocket, session } from './test-support/api-client';
import { FIXTURE_PASSWORD, roleUsers, type RoleName, type RoleUser } from './test-support/role-fixtures';
import { ADMIN_PASSWORD, startTestServer, type TestServer } from './test-support/test-server';
import { type Schema, validValue } from './test-support/valid-input';

type Actor = RoleName | 'share' | 'display' | 'anonymous';
type Decision = 'allow' | 'deny' | 'unauthenticated';
interface Credentials {
  token: string | null;
  ws: string;
}

const ROLES: RoleName[] = ['super', 'fleetManager', 'subFleetManager', 'engineer', 'operator', 'member'];
const ACTORS: Actor[] = [...ROLES, 'share', 'display', 'anonymous'];

let t: TestServer;
let users: Record<RoleName, RoleUser>;
let shareAccount: string;
/** The display token of the wall signed in for the matrix, and another one that signs in only to sign out. */
let displayTokens: { wall: string; leaving: string };
const credentials = {} as Record<Actor, Credentials>;
/** A vehicle of fleet-1 in none of the sub-fleet manager's places. */
let outsideSubFleet: string;

/** A new session of the actor, as its console would open one. */
const signIn = async (actor: Actor, displayToken = displayTokens.wall): Promise<Credentials> => {
  if (actor === 'anonymous') return { token: null, ws: `${t.url.replace(/^http/, 'ws')}/api/ws/no-such-session` };
  if (actor === 'share') return session(t.url, shareAccount, '', 'share');
  if (actor === 'display') return session(t.url, displayToken, '', 'display');
  return session(t.url, users[actor].email, actor === 'super' ? ADMIN_PASSWORD : FIXTURE_PASSWORD);
};

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  const admin = users.super.token;
  const share = await api<{ account: string }>(t.url, 'POST', '/customization/share/v1/add/single', { token: admin, body: { vehicleId: 'veh-00001', protection: 0 } });
  shareAccount = share.body.data.account;
  const display = async (name: string) =>
    (await api<{ token: string }>(t.url, 'POST', '/customization/display-token/v1/add/single', { token: admin, body: { name, fleetId: 'fleet-1' } })).body.data.token;
  displayTokens = { wall: await display('Matrix wall'), leaving: await display('Leaving wall') };
  const fleet1 = await t.server.ctx.repo.vehicles.list({ scope: { all: true }, fleetId: 'fleet-1' }, null);
  outsideSubFleet = fleet1.rows.find((v) => v.subFleetId !== 'fleet-1-sub-1')!.id;
  for (const role of ROLES) credentials[role] = { token: users[role].token, ws: users[role].ws };
  for (const role of ROLES) {
    const account = await t.server.ctx.repo.users.get(users[role].id);
    const held = account?.roleId ? await t.server.ctx.repo.roles.get(account.roleId) : null;
    rolePermissions[role] = role === 'super' ? 'all' : (held?.permissions ?? []);
  }
  await placeOutsideRows();
  for (const actor of ['share', 'display', 'anonymous'] as const) credentials[actor] = await signIn(actor);
}, 60_000);
afterAll(() => t.stop());

const ACCOUNTS: Actor[] = ROLES;
const EVERYONE: Actor[] = ACTORS;
const VIEWERS: Actor[] = ['super', 'fleetManager', 'subFleetManager', 'engineer', 'operator'];
const EDITORS: Actor[] = ['super', 'fleetManager', 'subFleetManager'];
const MANAGERS: Actor[] = ['super', 'fleetManager'];
const SUPER: Actor[] = ['super'];
const ISSUE_STAFF: Actor[] = ['super', 'fleetManager', 'subFleetManager', 'engineer'];
const FIRMWARE: Actor[] = ['super', 'fleetManager', 'engineer'];

interface Input {
  body?: unknown;
  query?: Record<string, string>;
}
/** Who may call the route: the actors allowed; every other account is denied, and no token is unauthenticated unless allowed. */
type Row = [method: string, url: string, allowed: Actor[], input?: Input | (() => Input)];

// veh-00002 and fleet-2 lie outside every fixture's scope (fleet-1; the display's too).
const ROUTES: Row[] = [
  ['POST', '/api/oauth/token', EVERYONE, { body: {} }],
  ['GET', '/api/docs', EVERYONE],
  ['GET', '/api/tiles/info', EVERYONE],
  ['GET', '/api/tiles/:z/:x/:y', EVERYONE],
  ['GET', '/api/ws/:sessionKey', [...ACCOUNTS, 'share', 'display']],

  // The caller's own session, account and menu.
  ['GET', '/api/customization/user/v1/query/info', [...ACCOUNTS, 'display']],
  ['GET', '/api/customization/router/v1/query/list', [...ACCOUNTS, 'display']],
  ['POST', '/api/customization/user/v1/send/code', EVERYONE, { body: {} }],
  ['POST', '/api/customization/user/v1/add/register', EVERYONE, { body: {} }],
  ['PUT', '/api/customization/user/v1/update/reset', EVERYONE, { body: {} }],
  ['PUT', '/api/customization/user/v1/update/password', ACCOUNTS, { body: {} }],
  ['GET', '/api/customization/user/v1/get/profile', ACCOUNTS],
  ['PUT', '/api/customization/user/v1/update/profile', ACCOUNTS, { body: {} }],
  ['POST', '/api/customization/user/v1/send/email-code', ACCOUNTS, { body: {} }],
  ['PUT', '/api/customization/user/v1/update/email', ACCOUNTS, { body: {} }],
  ['PUT', '/api/customization/user/v1/update/theme', ACCOUNTS, { body: {} }],
  ['PUT', '/api/customization/user/v1/update/avatar', ACCOUNTS, { body: {} }],
  // Ends the caller's session: called last, with sessions of its own.
  ['POST', '/api/customization/user/v1/logout', EVERYONE],

  // Accounts and roles (/users/role, /role/alocation/page).
  ['GET', '/api/customization/account/v1/query/list', SUPER],
  ['GET', '/api/customization/account/v1/get/detail', SUPER, { query: { accountId: 'nope' } }],
  ['POST', '/api/customization/account/v1/add/single', SUPER, { body: {} }],
  ['PUT', '/api/customization/account/v1/update/single', SUPER, { body: {} }],
  ['PUT', '/api/customization/account/v1/update/reset', SUPER, { body: {} }],
  ['DELETE', '/api/customization/account/v1/delete/single', SUPER, { query: { accountId: 'nope' } }],
  ['GET', '/api/customization/account/v1/query/candidates', MANAGERS, { query: { job: 'fleetManager' } }],
  ['GET', '/api/customization/account/v1/get/scope', SUPER, { query: { accountId: 'nope' } }],
  ['PUT', '/api/customization/account/v1/update/scope', SUPER, { body: {} }],
  ['GET', '/api/customization/role/v1/query/list', SUPER],
  ['GET', '/api/customization/role/v1/get/detail', SUPER, { query: { roleId: 'nope' } }],
  ['GET', '/api/customization/role/v1/query/menus', SUPER],
  ['POST', '/api/customization/role/v1/add/single', SUPER, { body: {} }],
  ['PUT', '/api/customization/role/v1/update/single', SUPER, { body: {} }],
  ['DELETE', '/api/customization/role/v1/delete/single', SUPER, { query: { roleId: 'nope' } }],
  ['PUT', '/api/customization/role/v1/update/allocation', SUPER, { body: {} }],
  ['GET', '/api/customization/audit/v1/query/list', SUPER],

  // Fleets, sub-fleets, depots and vehicles.
  ['GET', '/api/customization/vehicle/v1/query/snapshot', [...VIEWERS, 'display']],
  ['GET', '/api/customization/vehicle/v1/get/detail', SUPER, { query: { vehicleId: 'veh-00002' } }],
  ['GET', '/api/customization/factory/v1/query/list', [...VIEWERS, 'display']],
  ['GET', '/api/customization/fleet/v1/query/list', [...VIEWERS, 'display']],
  ['GET', '/api/customization/fleet/v1/get/detail', SUPER, { query: { fleetId: 'fleet-2' } }],
  ['POST', '/api/customization/fleet/v1/add/single', SUPER, { body: {} }],
  ['PUT', '/api/customization/fleet/v1/update/single', MANAGERS, { body: { fleetId: 'fleet-1' } }],
  ['DELETE', '/api/customization/fleet/v1/delete/single', SUPER, { query: { fleetId: 'nope' } }],
  ['GET', '/api/customization/fleet/v1/query/members', SUPER, { query: { fleetId: 'fleet-2' } }],
  ['PUT', '/api/customization/fleet/v1/update/members', MANAGERS, { body: {} }],
  ['GET', '/api/customization/subfleet/v1/query/list', VIEWERS],
  ['GET', '/api/customization/subfleet/v1/get/detail', VIEWERS, { query: { subFleetId: 'nope' } }],
  ['POST', '/api/customization/subfleet/v1/add/single', EDITORS, { body: {} }],
  ['PUT', '/api/customization/subfleet/v1/update/single', EDITORS, { body: {} }],
  ['DELETE', '/api/customization/subfleet/v1/delete/single', EDITORS, { query: { subFleetId: 'nope' } }],
  ['GET', '/api/customization/depot/v1/query/list', VIEWERS],
  ['GET', '/api/customization/depot/v1/get/detail', VIEWERS, { query: { depotId: 'nope' } }],
  ['POST', '/api/customization/depot/v1/add/single', MANAGERS, { body: {} }],
  ['PUT', '/api/customization/depot/v1/update/single', MANAGERS, { body: {} }],
  ['DELETE', '/api/customization/depot/v1/delete/single', MANAGERS, { query: { depotId: 'nope' } }],
  ['GET', '/api/customization/vehicle/v1/query/list', VIEWERS],
  ['PUT', '/api/customization/vehicle/v1/update/top', EDITORS, { body: { vehicleId: 'nope', top: false } }],
  ['POST', '/api/customization/vehicle/v1/add/single', EDITORS, { body: {} }],
  ['PUT', '/api/customization/vehicle/v1/update/single', SUPER, { body: { vehicleId: 'veh-00002' } }],
  ['DELETE', '/api/customization/vehicle/v1/delete/single', EDITORS, { query: { vehicleId: 'nope' } }],
  ['POST', '/api/customization/vehicle/v1/add/batch', EDITORS, { body: {} }],
  ['PUT', '/api/customization/device/v1/update/single', EDITORS, { body: {} }],
  ['POST', '/api/customization/device/v1/add/single', EDITORS, { body: {} }],
  ['DELETE', '/api/customization/device/v1/delete/single', EDITORS, { query: { vehicleId: 'nope' } }],

  // Alarms, history, group operations and shares.
  ['GET', '/api/customization/alarm/v1/query/list', [...VIEWERS, 'display']],
  ['GET', '/api/customization/alarm/v1/get/detail', [...VIEWERS, 'display'], { query: { alarmId: '999999' } }],
  ['POST', '/api/customization/alarm/v1/ack/single', VIEWERS, { body: {} }],
  ['GET', '/api/customization/history/v1/query/series', [...VIEWERS, 'share', 'display'], { query: { vehicleId: 'veh-00001' } }],
  ['GET', '/api/customization/history/v1/export/csv', VIEWERS, { query: { vehicleId: 'veh-00001' } }],
  ['GET', '/api/customization/grouplog/v1/query/list', VIEWERS],
  ['GET', '/api/customization/grouplog/v1/get/detail', VIEWERS, { query: { logId: '999999' } }],
  ['POST', '/api/customization/grouplog/v1/add/firmware', FIRMWARE, { body: {} }],
  ['POST', '/api/customization/grouplog/v1/add/setting', FIRMWARE, { body: {} }],
  ['POST', '/api/customization/grouplog/v1/add/transfer', EDITORS, { body: {} }],
  ['POST', '/api/customization/grouplog/v1/update/retry', VIEWERS, { body: { logId: '999999' } }],
  ['GET', '/api/customization/share/v1/get/info', EVERYONE],
  ['GET', '/api/customization/share/v1/get/info/vehicle', ['share']],
  ['GET', '/api/customization/share/v1/query/list', EDITORS, { query: { vehicleId: 'nope' } }],
  ['GET', '/api/customization/share/v1/query/access', EDITORS, { query: { shareId: 'nope' } }],
  ['POST', '/api/customization/share/v1/add/single', EDITORS, { body: {} }],
  ['PUT', '/api/customization/share/v1/update/single', EDITORS, { body: {} }],
  ['DELETE', '/api/customization/share/v1/delete/single', EDITORS, { query: { shareId: 'nope' } }],

  // Wall displays and their playlists.
  ['GET', '/api/customization/wall-playlist/v1/query/list', [...ACCOUNTS, 'display']],
  ['GET', '/api/customization/wall-playlist/v1/get/detail', [...ACCOUNTS, 'display'], { query: { playlistId: 'nope' } }],
  ['POST', '/api/customization/wall-playlist/v1/add/single', SUPER, { body: {} }],
  ['PUT', '/api/customization/wall-playlist/v1/update/single', SUPER, { body: {} }],
  ['DELETE', '/api/customization/wall-playlist/v1/delete/single', SUPER, { query: { playlistId: 'nope' } }],
  ['GET', '/api/customization/display-token/v1/query/list', SUPER],
  ['POST', '/api/customization/display-token/v1/add/single', SUPER, { body: {} }],
  ['POST', '/api/customization/display-token/v1/revoke/single', SUPER, { body: {} }],
  ['POST', '/api/customization/display-token/v1/update/playlist', SUPER, { body: {} }],

  // Reports and pre-alarms.
  ['GET', '/api/customization/report/v1/query/list', VIEWERS],
  ['GET', '/api/customization/report/v1/get/detail', VIEWERS, { query: { reportId: 'nope' } }],
  ['POST', '/api/customization/report/v1/add/single', MANAGERS, { body: {} }],
  ['PUT', '/api/customization/report/v1/update/single', MANAGERS, { body: {} }],
  ['DELETE', '/api/customization/report/v1/delete/single', MANAGERS, { query: { reportId: 'nope' } }],
  ['POST', '/api/customization/report/v1/query/compute', VIEWERS, { body: {} }],
  ['GET', '/api/customization/prealarm/v1/fleet/query/list', EDITORS],
  ['GET', '/api/customization/prealarm/v1/query/list', SUPER, { query: { fleetId: 'fleet-2' } }],
  ['GET', '/api/customization/prealarm/v1/get/detail', EDITORS, { query: { prealarmId: 'nope' } }],
  ['POST', '/api/customization/prealarm/v1/add/single', MANAGERS, { body: {} }],
  ['PUT', '/api/customization/prealarm/v1/update/single', MANAGERS, { body: {} }],
  ['DELETE', '/api/customization/prealarm/v1/delete/single', MANAGERS, { query: { prealarmId: 'nope' } }],
  ['GET', '/api/customization/prealarm/v1/query/states', EDITORS, { query: { prealarmId: 'nope' } }],
  // A vehicle of fleet-1 outside the sub-fleet manager's sub-fleet: its history is not theirs to preview.
  [
    'POST',
    '/api/customization/prealarm/v1/query/preview',
    MANAGERS,
    () => ({ body: { fleetId: 'fleet-1', deviceKey: 'soc', logic: '<', value: 101, vehicleIds: [outsideSubFleet] } }),
  ],

  // Issue reports and feedback.
  ['GET', '/api/customization/issue/v1/query/list', ISSUE_STAFF],
  ['GET', '/api/customization/issue/v1/query/counts', ISSUE_STAFF],
  ['GET', '/api/customization/issue/v1/get/detail', ISSUE_STAFF, { query: { issueId: 'nope' } }],
  ['POST', '/api/customization/issue/v1/add/single', ISSUE_STAFF, { body: {} }],
  ['PUT', '/api/customization/issue/v1/update/single', ISSUE_STAFF, { body: {} }],
  ['POST', '/api/customization/issue/v1/update/escalate', ISSUE_STAFF, { body: {} }],
  ['GET', '/api/customization/issue/v1/query/assignees', ISSUE_STAFF],
  ['GET', '/api/customization/issue/v1/query/limits', ISSUE_STAFF],
  ['PUT', '/api/customization/issue/v1/update/limit', MANAGERS, { body: {} }],
  ['POST', '/api/customization/feedback/v1/add/single', ACCOUNTS, { body: {} }],
  ['GET', '/api/customization/feedback/v1/query/list', EDITORS],
  ['GET', '/api/customization/feedback/v1/get/detail', ACCOUNTS, { query: { feedbackId: 'nope' } }],
  ['POST', '/api/customization/feedback/v1/add/reply', EDITORS, { body: {} }],
  ['PUT', '/api/customization/feedback/v1/update/status', EDITORS, { body: {} }],

  // Test hooks: registered only with FLEET_TEST_HOOKS=1 (as on the test server), for super.admin alone.
  ['POST', '/api/test/v1/vehicle/status', SUPER, { body: {} }],
  ['POST', '/api/test/v1/vehicle/silence', SUPER, { body: {} }],
  ['POST', '/api/test/v1/alarm/record', SUPER, { body: {} }],
  ['POST', '/api/test/v1/socket/close', SUPER],
  ['POST', '/api/test/v1/socket/refuse', SUPER, { body: {} }],
  ['POST', '/api/test/v1/socket/forced-logout', SUPER, { body: {} }],
  ['POST', '/api/test/v1/issue/escalation/check', SUPER],
  ['POST', '/api/test/v1/prealarm/age', SUPER, { body: {} }],
];

const key = (method: string, url: string) => `${method} ${url}`;

/** The fixture accounts' role permissions (super: every permission), read from the server in beforeAll. */
const rolePermissions = {} as Record<RoleName, string[] | 'all'>;

/** Who a route's declared access rule lets through (route-access.ts); scope is the scope matrix's. */
const allowedBy = (access: RouteAccess = {}): Actor[] =>
  ACTORS.filter((actor) => {
    if (access.public) return true;
    if (actor === 'anonymous') return false;
    if (actor === 'share') return access.share === true;
    if (actor === 'display') return access.display === true;
    if (access.testHook || access.superAdmin) return actor === 'super';
    const granted = rolePermissions[actor];
    return !access.permission || granted === 'all' || permits(granted, access.permission);
  });

/** The routes the server registers, each with what the matrix expects of it: its listed row, or its declared access. */
const matrixOf = (routes: RegisteredRoute[]): Row[] => {
  const listed = new Set(ROUTES.map(([method, url]) => key(method, url)));
  const unlisted = routes
    .filter((r) => r.method !== 'HEAD' && !listed.has(key(r.method, r.url)))
    .map((r): Row => [r.method, r.url, allowedBy(r.access), r.method === 'GET' ? {} : { body: {} }]);
  return [...ROUTES, ...unlisted];
};
const SOCKET = '/api/ws/:sessionKey';
const LOGOUT = '/api/customization/user/v1/logout';

const expected = (allowed: Actor[], actor: Actor): Decision => (allowed.includes(actor) ? 'allow' : actor === 'anonymous' ? 'unauthenticated' : 'deny');
const decisionOf = (status: number): Decision => (status === 401 ? 'unauthenticated' : status === 403 ? 'deny' : 'allow');

/** One HTTP call as the actor; its status decides. */
const callAs = async (who: Credentials, method: string, url: string, input: Input = {}): Promise<number> => {
  const path = url.replace(':z', '0').replace(':x', '0').replace(':y', '0').replace(/:\w+/g, 'nope');
  const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const res = await fetch(`${t.url}${path}${query}`, {
    method,
    headers: { ...(who.token ? { authorization: `Bearer ${who.token}` } : {}), ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
  });
  await res.arrayBuffer();
  return res.status;
};

/** The socket's credential is the session key in its address: it opens, or is closed with 4401. */
const socketAs = async (who: Credentials): Promise<Decision> => {
  const ws = await openSocket(who.ws);
  const closed = await Promise.race([ws.closedP, new Promise<null>((resolve) => setTimeout(() => resolve(null), 500))]);
  ws.ws.close();
  return closed?.code === 4401 ? 'unauthenticated' : closed ? 'deny' : 'allow';
};

/** Runs the calls a few at a time: one server, answered in parallel. */
const inParallel = async <T>(jobs: Array<() => Promise<T>>, width = 12): Promise<T[]> => {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) {
        const i = next++;
        results[i] = await jobs[i]!();
      }
    }),
  );
  return results;
};

describe('the route access rule', () => {
  it('declares one decision and one scope policy per registered route, and lists no route the server does not register', () => {
    const registered = t.server.routes.filter((r) => r.method !== 'HEAD');
    const declared = ROUTES.map(([method, url]) => key(method, url));
    expect(new Set(declared).size).toBe(declared.length);
    const known = new Set(registered.map((r) => key(r.method, r.url)));
    expect(declared.filter((k) => !known.has(k))).toEqual([]);
    expect(registered.filter((r) => !r.scope).map((r) => key(r.method, r.url))).toEqual([]);
    // Every GET answers HEAD with the same route options (Fastify's HEAD twin), so with the same
    // `config.access` and the same decision; the calls below go through GET.
    const heads = t.server.routes
      .filter((r) => r.method === 'HEAD')
      .map((r) => r.url)
      .sort();
    expect(heads).toEqual(
      registered
        .filter((r) => r.method === 'GET')
        .map((r) => r.url)
        .sort(),
    );
  });

  it('each actor gets its declared decision on each route', { timeout: 180_000 }, async () => {
    const calls = matrixOf(t.server.routes)
      .filter(([, url]) => url !== LOGOUT && url !== SOCKET)
      .flatMap(([m, url, allowed, input]) => ACTORS.map((actor) => ({ m, url, actor, allowed, input })));
    const outcomes = await inParallel(
      calls.map((c) => async () => decisionOf(await callAs(credentials[c.actor], c.m, c.url, typeof c.input === 'function' ? c.input() : c.input))),
    );
    const socket = ROUTES.find(([, url]) => url === SOCKET)!;
    const sockets = await Promise.all(ACTORS.map((actor) => socketAs(credentials[actor])));
    // Signing out ends the session it is called with: each actor signs in afresh for it, after the rest.
    const logout = ROUTES.find(([, url]) => url === LOGOUT)!;
    const leaving = await Promise.all(ACTORS.map((actor) => signIn(actor, displayTokens.leaving)));
    const logouts = await Promise.all(leaving.map((who) => callAs(who, 'POST', LOGOUT)));

    const seen: Record<string, Decision> = {};
    const want: Record<string, Decision> = {};
    calls.forEach((c, i) => {
      seen[`${c.m} ${c.url} ${c.actor}`] = outcomes[i]!;
      want[`${c.m} ${c.url} ${c.actor}`] = expected(c.allowed, c.actor);
    });
    ACTORS.forEach((actor, i) => {
      seen[`GET ${SOCKET} ${actor}`] = sockets[i]!;
      want[`GET ${SOCKET} ${actor}`] = expected(socket[2], actor);
      seen[`POST ${LOGOUT} ${actor}`] = decisionOf(logouts[i]!);
      want[`POST ${LOGOUT} ${actor}`] = expected(logout[2], actor);
    });
    // Listed as `METHOD url actor: got (declared)`, so a failure names each call that differs.
    const differing = Object.keys(want)
      .filter((k) => seen[k] !== want[k])
      .map((k) => `${k}: ${seen[k]} (declared ${want[k]})`);
    expect(differing).toEqual([]);
    expect(Object.keys(seen)).toHaveLength(Object.keys(want).length);
  });
});

describe('share guest', () => {
  it('sees its vehicle and nothing else', async () => {
    const own = await api<{ id: string }>(t.url, 'GET', '/customization/share/v1/get/info/vehicle', { token: credentials.share.token });
    expect(own.body.data.id).toBe('veh-00001');
  });
});

describe('scope of each role', () => {
  it('each role sees exactly the vehicles of its fleets, sub-fleets or depots', async () => {
    const all = await api<{ rows: Array<{ id: string; fleetId: string; subFleetId: string | null }> }>(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', {
      token: users.super.token,
    });
    const ids = (pred: (v: { fleetId: string; subFleetId: string | null }) => boolean) =>
      all.body.data.rows
        .filter(pred)
        .map((v) => v.id)
        .sort();
    const seen = async (role: RoleName) =>
      (await api<{ rows: Array<{ id: string }> }>(t.url, 'GET', '/customization/vehicle/v1/query/snapshot', { token: users[role].token })).body.data.rows
        .map((v) => v.id)
        .sort();
    expect(await seen('super')).toHaveLength(40);
    const fleet1 = ids((v) => v.fleetId === 'fleet-1');
    expect(fleet1.length).toBeGreaterThan(0);
    expect(await seen('fleetManager')).toEqual(fleet1);
    expect(await seen('engineer')).toEqual(fleet1);
    expect(await seen('operator')).toEqual(fleet1);
    const sub1 = ids((v) => v.subFleetId === 'fleet-1-sub-1');
    expect(await seen('subFleetManager')).toEqual(sub1);
    expect(sub1.length).toBeLessThan(fleet1.length);
  });
});

describe("ids outside the caller's scope", () => {
  it('an existing group log is a 403, an unknown one a 404', async () => {
    const started = await api<{ id: string }>(t.url, 'POST', '/customization/grouplog/v1/add/setting', {
      token: users.super.token,
      body: { vehicleIds: ['veh-00002'], deviceType: 'system', deviceId: 0, setting: 'restore_fac', value: 1 },
    });
    const detail = (logId: string) => api(t.url, 'GET', '/customization/grouplog/v1/get/detail', { token: users.operator.token, query: { logId } });
    const outside = await detail(started.body.data.id);
    expect({ status: outside.status, code: outside.body.code }).toEqual({ status: 403, code: 403 });
    expect((await detail('999999')).body.code).toBe(404);
  });
});

// The scope rule, generated from each route's declared policy: every row a route names is looked up
// and reached before its handler. A caller of fleet-1 (or the share guest of veh-00001) naming a row of
// fleet-2 is refused with that row's message; super.admin naming a row that does not exist gets its
// 404 (or a 400 naming the field, for ids in a list or a row that must exist).
type RowDecision = Extract<ScopeDecision, { row: unknown } | { rows: unknown }>;
const isRowDecision = (d: ScopeDecision): d is RowDecision => 'row' in d || 'rows' in d;
const rowScopeOf = (d: RowDecision) => ('row' in d ? d.row : d.rows);

/** A row of each kind in fleet-2, out of every fixture's reach, by kind. */
const outside: Record<string, string> = {};
const placeOutsideRows = async () => {
  const repo = t.server.ctx.repo;
  outside.vehicle = 'veh-00002';
  await repo.alarms.record([
    { type: 'raised', vehicleId: 'veh-00002', deviceType: 'bms', deviceId: 0, kind: 'matrix', severity: 'minor', message: 'Matrix alarm', ts: Date.now() },
  ]);
  const alarms = await repo.alarms.list({ scope: { all: true }, vehicleId: 'veh-00002' }, { pageNum: 1, pageSize: 1 });
  outside.alarm = String(alarms.rows[0]!.id);
  outside.fleet = 'fleet-2';
  outside.subFleet = 'fleet-2-sub-1';
  outside.depot = 'fleet-2-depot-1';
  const made = async (path: string, body: unknown) => {
    const answer = await api<{ id: string }>(t.url, 'POST', path, { token: users.super.token, body });
    if (answer.body.code !== 200) throw new Error(`${path}: ${answer.body.msg}`);
    return answer.body.data.id;
  };
  outside.account = await made('/customization/account/v1/add/single', {
    email: `outside-${Math.random().toString(36).slice(2, 8)}@fleet.test`,
    userName: 'outside',
    password: FIXTURE_PASSWORD,
    status: 'active',
    roleId: 'role-operator',
  });
  const members = await api(t.url, 'PUT', '/customization/fleet/v1/update/members', {
    token: users.super.token,
    body: { fleetId: 'fleet-2', accountIds: [outside.account] },
  });
  if (members.body.code !== 200) throw new Error(`members: ${members.body.msg}`);
  outside.prealarm = await made('/customization/prealarm/v1/add/single', {
    fleetId: 'fleet-2',
    name: 'Outside rule',
    deviceKey: 'soc',
    logic: '<',
    value: 20,
    message: 'Outside the fixtures',
    vehicleIds: [],
  });
  outside.report = await made('/customization/report/v1/add/single', { name: 'Outside report', dataName: 'Energy', fleetId: 'fleet-2', sharing: 'view' });
  outside.issue = await made('/customization/issue/v1/add/single', { vehicleId: 'veh-00002', title: 'Outside issue' });
  outside.feedback = await made('/customization/feedback/v1/add/single', { category: 'bug', message: 'Outside feedback', vehicleId: 'veh-00002' });
  outside['group log'] = await made('/customization/grouplog/v1/add/setting', {
    vehicleIds: ['veh-00002'],
    deviceType: 'system',
    deviceId: 0,
    setting: 'restore_fac',
    value: 1,
  });
  const share = await api<{ account: string }>(t.url, 'POST', '/customization/share/v1/add/single', {
    token: users.super.token,
    body: { vehicleId: 'veh-00002', protection: 0 },
  });
  outside.share = share.body.data.account;
};

const SCOPE_ACTORS: Actor[] = ['fleetManager', 'engineer', 'operator', 'display', 'share'];

/** A request the route's schema accepts, naming rows of the seeded fleet-1; `at` set to `id`. */
const inputNaming = (route: RegisteredRoute, d: RowDecision, id: string): Input => {
  const tag = `${route.method}${route.url}`.replace(/[^a-z]+/gi, '-').toLowerCase();
  const schema = (route.schema ?? {}) as { querystring?: Schema; body?: Schema };
  const query = Object.fromEntries(Object.entries(schema.querystring?.properties ?? {}).map(([name, s]) => [name, String(validValue(tag, name, s))]));
  const body = schema.body ? (validValue(tag, 'body', schema.body) as Record<string, unknown>) : undefined;
  // Rows the route may name besides this one are left out, so that only this one decides.
  for (const other of decisionsOf(route.scope!).filter(isRowDecision)) {
    if (other === d || !('optional' in other)) continue;
    const [source, field] = other.at.split('.') as ['query' | 'body', string];
    delete (source === 'query' ? query : (body ?? {}))[field];
  }
  const [source, field] = d.at.split('.') as ['query' | 'body', string];
  if (source === 'query') return { query: { ...query, [field]: id }, ...(body ? { body } : {}) };
  return { query, body: { ...body, [field]: 'rows' in d ? [id] : id } };
};

/** An id no row has that still fits the field's schema. */
const unknownId = (route: RegisteredRoute, d: RowDecision): string => {
  const [source, field] = d.at.split('.') as ['query' | 'body', string];
  const schema = (route.schema ?? {}) as { querystring?: Schema; body?: Schema };
  const declared = (source === 'query' ? schema.querystring : schema.body)?.properties?.[field];
  const id = declared?.items ?? declared ?? {};
  const fits = (x: string) => x.length <= (id.maxLength ?? Infinity) && (!id.pattern || new RegExp(id.pattern, 'u').test(x));
  return ['no-such-row', '999999999'].map((x) => x.padEnd(id.minLength ?? 0, '0')).find(fits) ?? 'no-such-row';
};

/** One call as the actor: its status and message. */
const answerTo = async (who: Credentials, method: string, url: string, input: Input): Promise<{ status: number; msg: string }> => {
  const query = input.query ? `?${new URLSearchParams(input.query)}` : '';
  const res = await fetch(`${t.url}${url}${query}`, {
    method,
    headers: { ...(who.token ? { authorization: `Bearer ${who.token}` } : {}), ...(input.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(input.body !== undefined ? { body: JSON.stringify(input.body) } : {}),
  });
  const answer = (await res.json().catch(() => ({}))) as { msg?: string };
  return { status: res.status, msg: answer.msg ?? '' };
};

describe('the scope rule', () => {
  it("refuses every row a route names outside the caller's fleets (403) and answers an unknown one as missing", { timeout: 180_000 }, async () => {
    const named = t.server.routes
      .filter((r) => r.method !== 'HEAD' && r.scope)
      .flatMap((route) =>
        decisionsOf(route.scope!)
          .filter(isRowDecision)
          .map((d) => ({ route, d })),
      );
    expect(named.length).toBeGreaterThan(20);
    // A kind of row this file places no outside row of (a newer module's) is tried with unknown ids
    // here, and with an outside row by its module's own tests.
    expect([...new Set(named.map(({ d }) => rowScopeOf(d).kind))].filter((kind) => kind in outside).length).toBeGreaterThanOrEqual(Object.keys(outside).length);

    const jobs = named.flatMap(({ route, d }) => {
      const rowScope = rowScopeOf(d);
      const list = 'rows' in d;
      const field = d.at.slice(d.at.indexOf('.') + 1);
      const missing = unknownId(route, d);
      const refusedAsUnknown = list || ('unknown' in d && d.unknown === 'badRequest');
      // An id reached without a row looked up has no unknown answer of the scope's own.
      const unknownCalls = rowScope.idOnly
        ? []
        : [
            {
              name: `${route.method} ${route.url} ${d.at}=${missing} super`,
              run: () => answerTo(credentials.super, route.method, route.url, inputNaming(route, d, missing)),
              want: refusedAsUnknown
                ? { status: 400, msg: list ? `${field}: unknown ${rowScope.label ?? rowScope.kind} ${missing}` : `${field}: ${rowScope.notFound}` }
                : { status: 404, msg: rowScope.notFound },
            },
          ];
      const outsideActors = rowScope.kind in outside ? SCOPE_ACTORS.filter((actor) => allowedBy(route.access).includes(actor)) : [];
      const outsideCalls = outsideActors.map((actor) => ({
        name: `${route.method} ${route.url} ${d.at}=${outside[rowScope.kind]} ${actor}`,
        run: () => answerTo(credentials[actor], route.method, route.url, inputNaming(route, d, outside[rowScope.kind]!)),
        want: { status: 403, msg: list ? `No access to ${rowScope.label ?? rowScope.kind} ${outside[rowScope.kind]}` : rowScope.forbidden },
      }));
      return [...unknownCalls, ...outsideCalls];
    });
    const answers = await inParallel(jobs.map((job) => job.run));
    const differing = jobs.flatMap((job, i) =>
      answers[i]!.status === job.want.status && answers[i]!.msg === job.want.msg
        ? []
        : [`${job.name}: ${answers[i]!.status} ${answers[i]!.msg} (want ${job.want.status} ${job.want.msg})`],
    );
    expect(differing).toEqual([]);
  });
});
