import type { DeviceInfo, Envelope, FactoryEntry, MenuRoute, TokenResponse, UserInfo, VehicleDetail, VehicleSnapshot } from '../../contract/api/types';
import { FLEET_LIST_PATH, HISTORY_SERIES_PATH, SNAPSHOT_PATH, VEHICLE_DETAIL_PATH } from '../api/fleet-calls';
import { decode } from '../../contract/protocol/decode';
import type { IncomingFrame } from '../../contract/protocol/types';
import type { TraceLine } from './types';
import { USER_API } from '../../contract/entities/profile';

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

// The test view too: a replay is driven from its player, and the console opens only pages its menu holds.
const DEFAULT_MENU: MenuRoute[] = [
  { path: '/home', name: 'Home', hidden: false, component: 'home', meta: { title: 'Home', icon: 'home' } },
  { path: '/testView', name: 'TestView', hidden: false, component: 'testView', meta: { title: 'Test view', icon: 'flask' } },
];

type DeviceFrame = { t: number; frame: Extract<IncomingFrame, { cmd: 1 | 97 | 144 | 149 }> };

/** The trace's received frames, decoded once, with the vehicles and devices they mention. */
class TraceFrames {
  readonly statuses: Array<Extract<IncomingFrame, { cmd: 19 }>> = [];
  readonly byVehicle = new Map<string, DeviceFrame[]>();

  constructor(lines: readonly TraceLine[]) {
    for (const line of lines) {
      if (line.dir !== 'in') continue;
      for (const frame of decode(line.msg).frames) {
        if (frame.cmd === 19) this.statuses.push(frame);
        if (frame.cmd !== 1 && frame.cmd !== 97 && frame.cmd !== 144 && frame.cmd !== 149) continue;
        const list = this.byVehicle.get(frame.data.vehicleId);
        if (list) list.push({ t: line.t, frame });
        else this.byVehicle.set(frame.data.vehicleId, [{ t: line.t, frame }]);
      }
    }
  }

  /** The vehicles the status frames mention, at their first recorded status. */
  vehicles(): VehicleSnapshot[] {
    const vehicles = new Map<string, VehicleSnapshot>();
    for (const frame of this.statuses) {
      if (vehicles.has(frame.data.vehicleId)) continue;
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
    return [...vehicles.values()];
  }

  /**
   * A vehicle's detail as far as the trace tells it: the snapshot row, and every device the trace
   * heard from with the last version it announced by `position` (else its first one).
   */
  detail(row: VehicleSnapshot, position: number): VehicleDetail {
    const devices = new Map<string, DeviceInfo>();
    for (const { t, frame } of this.byVehicle.get(row.id) ?? []) {
      const { deviceType, deviceId } = frame.data;
      const key = `${deviceType}:${deviceId}`;
      const device = devices.get(key) ?? { deviceType, deviceId, model: deviceType.toUpperCase(), version: '', availableVersion: null };
      if (frame.cmd === 97 && (device.version === '' || t <= position)) device.version = frame.data.version;
      devices.set(key, device);
    }
    return {
      ...row,
      fleetName: row.fleetId ?? 'replay',
      subFleetName: row.subFleetId,
      depotName: row.depotId,
      kind: 'van',
      devices: [...devices.values()],
    };
  }
}

function withoutQuery(path: string): string {
  const at = path.indexOf('?');
  return at < 0 ? path : path.slice(0, at);
}

/**
 * Answers REST calls from a trace's `rest` lines: the exact path and query first, then the path
 * alone; of several recordings, the latest at or before `position` (else the first). Calls the trace
 * lacks get sensible defaults: a token, a super-admin user, a menu of home and the test view, the vehicles its frames
 * mention, a vehicle's detail from its snapshot row and the devices its frames mention, an empty
 * history, the fleets of its vehicles, empty lists, and a plain success for writes.
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
  let frames: TraceFrames | undefined;
  const traceFrames = (): TraceFrames => (frames ??= new TraceFrames(lines));
  let vehicles: VehicleSnapshot[] | undefined;
  const snapshotRows = (): VehicleSnapshot[] => {
    const snapshot = recorded.get(`GET ${SNAPSHOT_PATH}`)?.[0]?.body as Envelope<{ rows?: VehicleSnapshot[] }> | undefined;
    vehicles ??= snapshot?.data?.rows ?? traceFrames().vehicles();
    return vehicles;
  };

  const fallback = (method: string, path: string, position: number): Envelope<unknown> => {
    const bare = withoutQuery(path);
    if (method === 'POST' && bare === '/oauth/token') return { code: 200, data: REPLAY_TOKEN };
    if (method !== 'GET') return { code: 200, msg: 'replay', data: null };
    if (bare === `${USER_API.base}/query/info`) return { code: 200, data: DEFAULT_USER };
    if (bare === `${USER_API.routerBase}/query/list`) return { code: 200, data: DEFAULT_MENU };
    if (bare === SNAPSHOT_PATH) {
      const rows = snapshotRows();
      return { code: 200, data: { rows, total: rows.length } };
    }
    if (bare === FLEET_LIST_PATH) {
      // The fleets the trace's vehicles belong to: the list is an array, not a page.
      const fleetIds = new Set(snapshotRows().flatMap((row) => (row.fleetId ? [row.fleetId] : [])));
      return { code: 200, data: [...fleetIds].map((id): FactoryEntry => ({ factoryId: id, factoryName: id })) };
    }
    const query = new URLSearchParams(path.slice(bare.length + 1));
    if (bare === HISTORY_SERIES_PATH) {
      // No history in a trace: an empty series, so a chart shows the replayed live values alone.
      return { code: 200, data: { from: query.get('from'), to: query.get('to'), bucketMs: 60_000, ts: [], series: {} } };
    }
    if (bare === VEHICLE_DETAIL_PATH) {
      const id = query.get('vehicleId');
      const row = snapshotRows().find((vehicle) => vehicle.id === id);
      return row ? { code: 200, data: traceFrames().detail(row, position) } : { code: 400, msg: 'Vehicle not in this trace', data: null };
    }
    if (/\/list$|\/page$/.test(bare) || path.includes('pageNum=')) return { code: 200, data: { rows: [], total: 0 } };
    return { code: 200, data: null };
  };

  return (method, path, position) => {
    const list = recorded.get(`${method} ${path}`) ?? recorded.get(`${method} ${withoutQuery(path)}`);
    if (!list) return fallback(method, path, position);
    let chosen = list[0] as Recorded;
    for (const entry of list) if (entry.t <= position) chosen = entry;
    return chosen.body as Envelope<unknown>;
  };
}
