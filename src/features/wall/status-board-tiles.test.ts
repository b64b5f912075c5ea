import { describe, expect, it } from 'vitest';
import type { FleetSnapshot, VehicleOutline, VehicleState } from '../../../streams/vehicles/types';
import { boardFit, statusBoard } from './status-board-tiles';

const NOW = Date.parse('2026-11-26T12:00:00Z');

function vehicle(id: string, name: string, status: VehicleState['status'], fleetId = 'fleet-1', lastSeenMs: number | null = NOW - 1000): VehicleState {
  return {
    id,
    name,
    sn: id,
    fleetId,
    subFleetId: null,
    depotId: null,
    status,
    soc: 50,
    lat: null,
    lng: null,
    alarms: 0,
    lastSeen: null,
    devices: {},
    stale: false,
    lastSeenMs,
    reportIntervalMs: 1000,
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

/** A 1920×1080 wall in kiosk mode: about 91 × 44 rem for the tiles, 41 compact tiles and one that counts the rest. */
const WALL = { width: 91, height: 44 };

describe('statusBoard', () => {
  it("shows one fleet's vehicles, in alarm first, then offline, then normal, by name within each", () => {
    const board = statusBoard(
      snapshot([
        vehicle('a', 'Van 10', 'normal'),
        vehicle('b', 'Van 2', 'normal'),
        vehicle('c', 'Van 9', 'offline', 'fleet-1', NOW - 120_000),
        vehicle('d', 'Van 5', 'alarm'),
        vehicle('e', 'Bus 1', 'alarm', 'fleet-2'),
      ]),
      'fleet-1',
      NOW,
      WALL,
    );
    expect(board.tiles.map((t) => `${t.name} ${t.status}`)).toEqual(['Van 5 alarm', 'Van 9 offline', 'Van 2 normal', 'Van 10 normal']);
    expect(board.tiles[0]).toMatchObject({ soc: 50, lastSeen: 'just now', silent: false });
    expect(board.tiles[1]).toMatchObject({ lastSeen: '2 minutes ago', silent: true });
    expect(board).toMatchObject({ counts: { alarm: 1, offline: 1, normal: 2 }, total: 4, fit: { size: 'large', shown: 4 } });
  });

  it('counts every vehicle of a large fleet but reads and orders only those given a tile', () => {
    const statuses = ['normal', 'normal', 'offline', 'normal', 'alarm'] as const;
    const fleet = Array.from({ length: 5000 }, (_, i) => vehicle(`v${i}`, `Van ${(i * 7919) % 5000}`, statuses[i % statuses.length]!));
    const vehicles = snapshot(fleet);
    const read: string[] = [];
    const get = vehicles.get.bind(vehicles);
    vehicles.get = (id: string) => {
      read.push(id);
      return get(id);
    };
    const board = statusBoard(vehicles, 'fleet-1', NOW, WALL);
    expect(board.counts).toEqual({ alarm: 1000, offline: 1000, normal: 3000 });
    expect(board.fit).toEqual({ size: 'compact', columns: 7, shown: 41 });
    const rank = { alarm: 0, offline: 1, normal: 2 };
    const sorted = [...fleet].sort((a, b) => rank[a.status] - rank[b.status] || a.name.localeCompare(b.name, 'en', { numeric: true }));
    expect(board.tiles.map((t) => t.name)).toEqual(sorted.slice(0, 41).map((v) => v.name));
    expect(read).toHaveLength(41);
  });

  it('fills the tiles left after the vehicles in alarm with the first offline and normal ones', () => {
    const fleet = [
      ...Array.from({ length: 30 }, (_, i) => vehicle(`a${i}`, `Alarm ${i}`, 'alarm')),
      ...Array.from({ length: 5 }, (_, i) => vehicle(`o${i}`, `Off ${i}`, 'offline')),
      ...Array.from({ length: 500 }, (_, i) => vehicle(`n${i}`, `Van ${499 - i}`, 'normal')),
    ];
    const board = statusBoard(snapshot(fleet), 'fleet-1', NOW, WALL);
    expect(board.tiles.slice(30, 35).map((t) => t.status)).toEqual(Array(5).fill('offline'));
    expect(board.tiles.slice(35).map((t) => t.name)).toEqual(['Van 0', 'Van 1', 'Van 2', 'Van 3', 'Van 4', 'Van 5']);
  });

  it('counts before the area is known, with no tiles yet', () => {
    const board = statusBoard(snapshot([vehicle('a', 'Van 1', 'alarm')]), 'fleet-1', NOW, null);
    expect(board).toMatchObject({ counts: { alarm: 1, offline: 0, normal: 0 }, total: 1, fit: null, tiles: [] });
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
