import { describe, expect, it } from 'vitest';
import type { FleetSnapshot, VehicleOutline, VehicleState } from '../../../streams/vehicles/types';
import { boardFit, statusBoardTiles } from './status-board-tiles';

const NOW = Date.parse('2026-11-26T12:00:00Z');

function vehicle(id: string, name: string, status: VehicleState['status'], fleetId = 'fleet-1', lastSeenMs: number | null = NOW - 1000): VehicleState {
  return {
    id, name, sn: id, fleetId, subFleetId: null, depotId: null, status, soc: 50, lat: null, lng: null, alarms: 0,
    lastSeen: null, devices: {}, stale: false, lastSeenMs, reportIntervalMs: 1000,
  };
}

function snapshot(vehicles: VehicleState[]): FleetSnapshot {
  const of = (list: VehicleState[]): FleetSnapshot =>
    Object.assign(new Map(list.map((v) => [v.id, v])), {
      version: 1,
      outlines: () => list.map((v): [string, VehicleOutline] => [v.id, v]),
      outline: (id: string) => list.find((v) => v.id === id),
      places: () => {
        throw new Error('the status board reads outlines, not places');
      },
      select: (keep: (outline: VehicleOutline) => boolean) => of(list.filter(keep)),
      statusChangedSince: () => null,
    });
  return of(vehicles);
}

describe('statusBoardTiles', () => {
  it("shows one fleet's vehicles, in alarm first, then offline, then normal, by name within each", () => {
    const tiles = statusBoardTiles(
      snapshot([
        vehicle('a', 'Van 10', 'normal'),
        vehicle('b', 'Van 2', 'normal'),
        vehicle('c', 'Van 9', 'offline', 'fleet-1', NOW - 120_000),
        vehicle('d', 'Van 5', 'alarm'),
        vehicle('e', 'Bus 1', 'alarm', 'fleet-2'),
      ]),
      'fleet-1',
      NOW,
    );
    expect(tiles.map((t) => `${t.name} ${t.status}`)).toEqual(['Van 5 alarm', 'Van 9 offline', 'Van 2 normal', 'Van 10 normal']);
    expect(tiles[0]).toMatchObject({ soc: 50, lastSeen: 'just now', silent: false });
    expect(tiles[1]).toMatchObject({ lastSeen: '2 minutes ago', silent: true });
  });
});

describe('boardFit', () => {
  // A 1920×1080 wall in kiosk mode: about 91 × 44 rem for the tiles.
  it('gives a small fleet large tiles, one column per vehicle up to the width', () => {
    expect(boardFit(4, 91, 44)).toEqual({ size: 'large', columns: 4, shown: 4 });
    expect(boardFit(16, 91, 44)).toEqual({ size: 'large', columns: 4, shown: 16 });
  });

  it('shrinks the tiles when the fleet does not fit, and beyond that counts the healthiest in one last tile', () => {
    expect(boardFit(17, 91, 44)).toEqual({ size: 'compact', columns: 7, shown: 17 });
    expect(boardFit(42, 91, 44)).toEqual({ size: 'compact', columns: 7, shown: 42 });
    expect(boardFit(300, 91, 44)).toEqual({ size: 'compact', columns: 7, shown: 41 });
  });
});
