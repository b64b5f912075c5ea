import type { Envelope, MenuRoute, TokenResponse, UserInfo, VehicleSnapshot } from '../api/types';
import { decode } from '../protocol/decode';
import type { TraceLine } from './types';

type Recorded = { t: number; body: unknown };

const DEFAULT_USER: UserInfo = {
  user: { account: 'replay@fleet.local', header: '', avatar: '', name: 'Replay', roleList: [{ roleName: 'Super admin', roleKey: 'super.admin' }] },
  roles: ['super.admin'],
  permissions: ['*:*:*'],
};

export const REPLAY_TOKEN: TokenResponse = {
  access_token: 'replay',
  token_type: 'bearer',
  expires_in: 86_400,
  ws: 'ws://replay.local/api/ws/replay',
};

const DEFAULT_MENU: MenuRoute[] = [
  { path: '/home', name: 'Home', hidden: false, component: 'home', meta: { title: 'Home', icon: 'home' } },
];

/** The vehicles the trace's status frames mention, at their first recorded status. */
function vehiclesFromFrames(lines: readonly TraceLine[]): VehicleSnapshot[] {
  const vehicles = new Map<string, VehicleSnapshot>();
  for (const line of lines) {
    if (line.dir !== 'in') continue;
    for (const frame of decode(line.msg).frames) {
      if (frame.cmd !== 19 || vehicles.has(frame.data.vehicleId)) continue;
      const { vehicleId, status, ts, alarms, soc, lat, lng } = frame.data;
      vehicles.set(vehicleId, {
        id: vehicleId,
        name: vehicleId,
        sn: vehicleId,
        fleetId: 'replay',
        subFleetId: null,
        depotId: null,
        status,
        soc: soc ?? null,
        lat: lat ?? null,
        lng: lng ?? null,
        alarms: alarms ?? 0,
        lastSeen: new Date(ts).toISOString(),
      });
    }
  }
  return [...vehicles.values()];
}

function withoutQuery(path: string): string {
  const at = path.indexOf('?');
  return at < 0 ? path : path.slice(0, at);
}

/**
 * Answers REST calls from a trace's `rest` lines: the exact path and query first, then the path
 * alone; of several recordings, the latest at or before `position` (else the first). Calls the trace
 * lacks get sensible defaults: a token, a super-admin user, a home menu, the vehicles its frames mention, empty
 * lists, and a plain success for writes.
 */
export function createTraceRestAnswers(lines: readonly TraceLine[]): (method: string, path: string, position: number) => Envelope<unknown> {
  const recorded = new Map<string, Recorded[]>();
  const remember = (key: string, entry: Recorded): void => {
    const list = recorded.get(key);
    if (list) list.push(entry);
    else recorded.set(key, [entry]);
  };
  for (const line of lines) {
    if (line.dir !== 'rest') continue;
    remember(`${line.method} ${line.path}`, { t: line.t, body: line.body });
    if (withoutQuery(line.path) !== line.path) remember(`${line.method} ${withoutQuery(line.path)}`, { t: line.t, body: line.body });
  }
  let vehicles: VehicleSnapshot[] | undefined;

  const fallback = (method: string, path: string): Envelope<unknown> => {
    const bare = withoutQuery(path);
    if (method === 'POST' && bare === '/oauth/token') return { code: 200, data: REPLAY_TOKEN };
    if (method !== 'GET') return { code: 200, msg: 'replay', data: null };
    if (bare === '/customization/user/v1/query/info') return { code: 200, data: DEFAULT_USER };
    if (bare === '/customization/router/v1/query/list') return { code: 200, data: DEFAULT_MENU };
    if (bare === '/customization/vehicle/v1/query/snapshot') {
      vehicles ??= vehiclesFromFrames(lines);
      return { code: 200, data: { rows: vehicles, total: vehicles.length } };
    }
    if (/\/list$|\/page$/.test(bare) || path.includes('pageNum=')) return { code: 200, data: { rows: [], total: 0 } };
    return { code: 200, data: null };
  };

  return (method, path, position) => {
    const list = recorded.get(`${method} ${path}`) ?? recorded.get(`${method} ${withoutQuery(path)}`);
    if (!list) return fallback(method, path);
    let chosen = list[0] as Recorded;
    for (const entry of list) if (entry.t <= position) chosen = entry;
    return chosen.body as Envelope<unknown>;
  };
}
