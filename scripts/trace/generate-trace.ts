// Synthetic traces in the contract's JSON Lines format, deterministic for a given seed. Values,
// key lists and positions come from the reference server's simulator, so a generated trace carries
// the same keys, units and magnitudes as live traffic; statuses, alarms and the frame mix are scripted.
import type { Alarm, UserInfo, VehicleSnapshot } from '../../contract/api/types';
import type { DeviceRef, IncomingFrame, VehicleStatus } from '../../contract/protocol/types';
import type { TraceHeader, TraceLine } from '../../streams/trace/types';
import { KIND_DEFAULTS } from '../../server/fleet/vehicle-kinds';
import { createFleetSimulator } from '../../server/sim/fleet-simulator';
import { mulberry32 } from '../../server/sim/random';
import type { VehicleKind } from '../../server/sim/types';

export interface TraceGenOptions {
  vehicles: number;
  /** Frames per second across the fleet. */
  rate: number;
  seconds: number;
  seed?: number;
  startedAt?: string;
}

const KINDS: readonly VehicleKind[] = ['van', 'rv', 'bus', 'boat'];

interface SimVehicle {
  row: VehicleSnapshot;
  devices: DeviceRef[];
}

const round = (x: number, digits = 1): number => Number(x.toFixed(digits));

/** Header, then REST answers a console asks for at start, then socket frames at `rate` for `seconds`. */
export function* generateTrace(options: TraceGenOptions): Generator<TraceHeader | TraceLine> {
  const random = mulberry32(options.seed ?? 1);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const startedAt = Date.parse(options.startedAt ?? '2026-01-01T08:00:00.000Z');
  const durationMs = options.seconds * 1000;
  const sim = createFleetSimulator({ seed: options.seed ?? 1, hz: 1 });
  let simMs = startedAt;
  const fleet: SimVehicle[] = Array.from({ length: options.vehicles }, (_, i) => {
    const n = i + 1;
    const id = `veh-${String(n).padStart(5, '0')}`;
    const kind = KINDS[i % KINDS.length] as VehicleKind;
    sim.add({ id, kind, home: { lat: round(51 + random() * 2, 5), lng: round(4 + random() * 3, 5) }, ...KIND_DEFAULTS[kind], versions: {} }, startedAt);
    const { soc, lat, lng } = sim.status(id) ?? {};
    return {
      devices: sim.devices(id).map(({ deviceType, deviceId }) => ({ vehicleId: id, deviceType, deviceId })),
      row: {
        id,
        name: `Vehicle ${n}`,
        sn: `SN${String(100_000 + n)}`,
        fleetId: `fleet-${(i % 3) + 1}`,
        subFleetId: `sub-${(i % 6) + 1}`,
        depotId: i % 5 === 4 ? null : `depot-${(i % 4) + 1}`,
        status: i % 17 === 16 ? 'offline' : 'normal',
        soc: soc ?? null,
        lat: lat ?? null,
        lng: lng ?? null,
        alarms: 0,
        lastSeen: new Date(startedAt).toISOString(),
      },
    };
  });
  const first = fleet[0] as SimVehicle;
  const last = fleet[fleet.length - 1] as SimVehicle;

  yield { trace: 'fleet-console', version: 1, startedAt: new Date(startedAt).toISOString() };
  const user: UserInfo = {
    user: { account: 'ops@fleet.local', header: '', avatar: '', name: 'Operations', roleList: [{ roleName: 'Super admin', roleKey: 'super.admin' }] },
    roles: ['super.admin'],
    permissions: ['*:*:*'],
  };
  const listed: Alarm = {
    id: 'alarm-1',
    vehicleId: first.row.id,
    vehicleName: first.row.name,
    fleetId: first.row.fleetId,
    deviceType: 'bms',
    deviceId: 0,
    kind: 'high-temperature',
    severity: 'major',
    message: 'Battery temperature high',
    startedAt: new Date(startedAt - 3_600_000).toISOString(),
    endedAt: new Date(startedAt - 3_000_000).toISOString(),
  };
  yield { t: 0, dir: 'rest', method: 'GET', path: '/customization/user/v1/query/info', body: { code: 200, data: user } };
  yield {
    t: 0,
    dir: 'rest',
    method: 'GET',
    path: '/customization/vehicle/v1/query/snapshot',
    body: { code: 200, data: { rows: fleet.map((v) => ({ ...v.row })), total: fleet.length } },
  };
  yield {
    t: 0,
    dir: 'rest',
    method: 'GET',
    path: '/customization/alarm/v1/query/list?pageNum=1&pageSize=500',
    body: { code: 200, data: { rows: [listed], total: 1 } },
  };

  // Scripted moments, so even a small trace shows keys, firmware progress (with a failure and a retry) and an alarm.
  const scripted: Array<[number, IncomingFrame]> = [];
  const at = (fraction: number, frame: IncomingFrame): void => {
    scripted.push([Math.round(durationMs * fraction), frame]);
  };
  const bms = { vehicleId: first.row.id, deviceType: 'bms' as const, deviceId: 0 };
  const system = { vehicleId: first.row.id, deviceType: 'system' as const, deviceId: 0 };
  at(0.02, { cmd: 144, data: { ...system, keys: sim.keys(system) ?? [] } });
  for (const [fraction, state, progress] of [
    [0.1, 'updating', 0],
    [0.14, 'updating', 30],
    [0.18, 'failure', 30],
    [0.22, 'updating', 0],
    [0.26, 'updating', 40],
    [0.3, 'updating', 80],
    [0.34, 'success', 100],
  ] as const) {
    at(fraction, { cmd: 149, data: { ...bms, state, progress, ...(state === 'failure' ? { msg: 'Checksum mismatch' } : {}) } });
  }
  at(0.36, { cmd: 97, data: { ...bms, version: '2.1.0' } });
  at(0.4, { cmd: 19, data: { vehicleId: last.row.id, status: 'alarm', ts: 0, alarms: 1, soc: 9 } });
  at(0.8, { cmd: 19, data: { vehicleId: last.row.id, status: 'normal', ts: 0, alarms: 0, soc: 12 } });
  scripted.sort((a, b) => a[0] - b[0]);

  const versions: IncomingFrame[] = fleet.map((v) => ({ cmd: 97, data: { vehicleId: v.row.id, deviceType: 'bms', deviceId: 0, version: '2.0.3' } }));
  for (let i = 0; i < versions.length; i += 100) yield { t: 5, dir: 'in', msg: versions.slice(i, i + 100) };

  const scriptedLine = (index: number): TraceLine => {
    const [when, frame] = scripted[index] as [number, IncomingFrame];
    if (frame.cmd === 19) {
      // The alarm vehicle's later status frames must agree with the scripted alarm.
      frame.data.ts = startedAt + when;
      last.row.status = frame.data.status;
      last.row.alarms = frame.data.alarms ?? 0;
    }
    return { t: when, dir: 'in', msg: frame };
  };

  const total = Math.floor(options.rate * options.seconds);
  let next = 0;
  for (let i = 0; i < total; i += 1) {
    const t = 10 + Math.floor((i * 1000) / options.rate);
    while (next < scripted.length && (scripted[next] as [number, IncomingFrame])[0] <= t) {
      yield scriptedLine(next);
      next += 1;
    }
    const vehicle = pick(fleet);
    const ts = startedAt + t;
    for (; simMs + 1000 <= ts; simMs += 1000) sim.step(simMs + 1000);
    const r = random();
    let frame: IncomingFrame;
    if (r < 0.8) {
      const latest = sim.latest(pick(vehicle.devices));
      frame = { cmd: 1, data: { ...(latest as NonNullable<typeof latest>), ts } };
    } else if (r < 0.95) {
      let status: VehicleStatus = vehicle.row.status;
      if (vehicle !== last && random() < 0.05) status = status === 'offline' ? 'normal' : 'offline';
      vehicle.row.status = status;
      const { soc, lat, lng } = sim.status(vehicle.row.id) ?? {};
      frame = { cmd: 19, data: { vehicleId: vehicle.row.id, status, ts, alarms: vehicle.row.alarms, soc, lat, lng } };
    } else if (r < 0.98) {
      const device = pick(vehicle.devices);
      frame = { cmd: 97, data: { ...device, version: `2.0.${Math.floor(random() * 5)}` } };
    } else {
      frame = { cmd: 8, data: { text: 'server notice' } };
    }
    yield { t, dir: 'in', msg: frame };
  }
  for (; next < scripted.length; next += 1) yield scriptedLine(next);
}
