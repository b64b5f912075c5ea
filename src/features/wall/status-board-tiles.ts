// A fleet's status board: one tile per vehicle, the vehicles that need someone first, sized so the
// whole board fits the screen without scrolling (nobody stands at a wall to scroll it).
import type { VehicleStatus } from '../../../contract/protocol/types';
import { freshnessAt } from '../../../streams/vehicles/freshness';
import type { FleetSnapshot, VehicleState } from '../../../streams/vehicles/types';
import { lastSeenText } from '../../components/vehicle-devices/last-seen';

export interface StatusTile {
  id: string;
  name: string;
  status: VehicleStatus;
  soc: number | null;
  lastSeen: string;
  /** No frame for 3 report intervals: dimmed, "Not reporting" (streams/vehicles/freshness.ts). */
  silent: boolean;
}

/** The board's order: the vehicles that need someone first. */
const STATUS_ORDER: readonly VehicleStatus[] = ['alarm', 'offline', 'normal'];
const byName = new Intl.Collator('en', { numeric: true }).compare;

interface NamedVehicle {
  id: string;
  name: string;
}

/**
 * The first `count` of `vehicles` by name, in order, without sorting the rest: a wall shows some 40
 * tiles of a fleet that may have tens of thousands of vehicles, twice a second.
 */
function firstByName(vehicles: NamedVehicle[], count: number): NamedVehicle[] {
  if (count <= 0) return [];
  if (count >= vehicles.length) return vehicles.sort((a, b) => byName(a.name, b.name));
  const first: NamedVehicle[] = [];
  for (const vehicle of vehicles) {
    if (first.length === count && byName(vehicle.name, first[count - 1]!.name) >= 0) continue;
    let low = 0;
    let high = first.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (byName(first[mid]!.name, vehicle.name) <= 0) low = mid + 1;
      else high = mid;
    }
    first.splice(low, 0, vehicle);
    if (first.length > count) first.pop();
  }
  return first;
}

function tileOf(vehicle: VehicleState, now: number): StatusTile {
  const { lastSeenMs, silent } = freshnessAt(vehicle, now);
  return { id: vehicle.id, name: vehicle.name, status: vehicle.status, soc: vehicle.soc, lastSeen: lastSeenText(lastSeenMs, now, silent), silent };
}

export interface StatusBoard {
  /** The fleet's vehicles by status. */
  counts: Record<VehicleStatus, number>;
  total: number;
  /** How the tiles fit the board's area; null until the area is known. */
  fit: BoardFit | null;
  /** The tiles that fit, in board order: in alarm first, then offline, then normal; by name within each. */
  tiles: StatusTile[];
}

/**
 * A fleet's status board for an area (in rem): only the vehicles given a tile are read in full and
 * put in order, so the board costs little more for a fleet of thousands than for a fleet of forty.
 */
export function statusBoard(vehicles: FleetSnapshot, fleetId: string, now: number, area: { width: number; height: number } | null): StatusBoard {
  const byStatus: Record<VehicleStatus, NamedVehicle[]> = { alarm: [], offline: [], normal: [] };
  for (const [id, outline] of vehicles.outlines()) if (outline.fleetId === fleetId) byStatus[outline.status].push({ id, name: outline.name });
  const counts = { alarm: byStatus.alarm.length, offline: byStatus.offline.length, normal: byStatus.normal.length };
  const total = counts.alarm + counts.offline + counts.normal;
  const fit = area ? boardFit(total, area.width, area.height) : null;
  const tiles: StatusTile[] = [];
  for (const status of STATUS_ORDER) {
    for (const { id } of firstByName(byStatus[status], (fit?.shown ?? 0) - tiles.length)) tiles.push(tileOf(vehicles.get(id)!, now));
  }
  return { counts, total, fit, tiles };
}

const sameTile = (t: StatusTile, u: StatusTile): boolean =>
  t.id === u.id && t.name === u.name && t.status === u.status && t.soc === u.soc && t.lastSeen === u.lastSeen && t.silent === u.silent;

export const sameBoard = (a: StatusBoard, b: StatusBoard): boolean =>
  STATUS_ORDER.every((status) => a.counts[status] === b.counts[status]) &&
  a.fit?.size === b.fit?.size &&
  a.fit?.columns === b.fit?.columns &&
  a.fit?.shown === b.fit?.shown &&
  a.tiles.length === b.tiles.length &&
  a.tiles.every((t, i) => sameTile(t, b.tiles[i]!));

/** Tile sizes in rem, so they grow with the wall's type (kiosk mode: 1 rem is about 1% of the width). */
export const TILE_SIZES = {
  large: { width: 18, height: 9 },
  compact: { width: 12, height: 6 },
} as const;
export const TILE_GAP_REM = 1;
export type TileSize = keyof typeof TILE_SIZES;

export interface BoardFit {
  size: TileSize;
  columns: number;
  /** Vehicles given a tile; when fewer than all, one last tile counts the rest (the healthiest). */
  shown: number;
}

const fitting = (extentRem: number, tileRem: number) => Math.max(1, Math.floor((extentRem + TILE_GAP_REM) / (tileRem + TILE_GAP_REM)));

/** Large tiles when every vehicle fits, else compact ones; beyond that, the worst vehicles and a count of the rest. */
export function boardFit(count: number, widthRem: number, heightRem: number): BoardFit {
  const large = TILE_SIZES.large;
  const columns = fitting(widthRem, large.width);
  if (count <= columns * fitting(heightRem, large.height)) return { size: 'large', columns: Math.min(columns, Math.max(count, 1)), shown: count };
  const compact = TILE_SIZES.compact;
  const compactColumns = fitting(widthRem, compact.width);
  const capacity = compactColumns * fitting(heightRem, compact.height);
  return { size: 'compact', columns: compactColumns, shown: count <= capacity ? count : capacity - 1 };
}
