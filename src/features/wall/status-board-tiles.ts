// A fleet's status board: one tile per vehicle, the vehicles that need someone first, sized so the
// whole board fits the screen without scrolling (nobody stands at a wall to scroll it).
import type { VehicleStatus } from '../../../streams/protocol/types';
import { freshnessAt } from '../../../streams/vehicles/freshness';
import type { FleetSnapshot } from '../../../streams/vehicles/types';
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

const RANK: Record<VehicleStatus, number> = { alarm: 0, offline: 1, normal: 2 };

/** The fleet's vehicles as tiles: in alarm first, then offline, then normal; by name within each. */
export function statusBoardTiles(vehicles: FleetSnapshot, fleetId: string, now: number): StatusTile[] {
  const tiles: StatusTile[] = [];
  for (const vehicle of vehicles.select((outline) => outline.fleetId === fleetId).values()) {
    const { lastSeenMs, silent } = freshnessAt(vehicle, now);
    tiles.push({ id: vehicle.id, name: vehicle.name, status: vehicle.status, soc: vehicle.soc, lastSeen: lastSeenText(lastSeenMs, now, silent), silent });
  }
  return tiles.sort((a, b) => RANK[a.status] - RANK[b.status] || a.name.localeCompare(b.name, 'en', { numeric: true }));
}

export const sameTiles = (a: readonly StatusTile[], b: readonly StatusTile[]): boolean =>
  a.length === b.length &&
  a.every((t, i) => {
    const u = b[i]!;
    return t.id === u.id && t.name === u.name && t.status === u.status && t.soc === u.soc && t.lastSeen === u.lastSeen && t.silent === u.silent;
  });

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
