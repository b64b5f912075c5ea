import { describe, expect, it } from 'vitest';
import { firstValueFrom, of } from 'rxjs';
import type { FleetSnapshot, FleetSummary, VehicleOutline } from '../../../streams/vehicles/types';
import { cardCounts$ } from './filtered-counts';

const outline = (name: string, fleetId: string, status: VehicleOutline['status']): [string, VehicleOutline] => [
  name,
  { name, sn: `SN-${name}`, fleetId, status, lat: null, lng: null },
];
const vehicles = { outlines: () => [outline('Van 1', 'f1', 'normal'), outline('Van 2', 'f1', 'alarm'), outline('Bus 1', 'f2', 'offline')] } as unknown as FleetSnapshot;
const summary: FleetSummary = {
  total: 3,
  normal: 1,
  alarm: 1,
  offline: 1,
  byFleet: { f1: { normal: 1, alarm: 1, offline: 0 }, f2: { normal: 0, alarm: 0, offline: 1 } },
  bySubFleet: {},
  byDepot: {},
  stale: false,
};
const fleet = { summary$: of(summary), vehicles$: of(vehicles) };

describe('cardCounts$', () => {
  it('counts the whole fleet, one fleet, or what the search finds within a fleet', async () => {
    await expect(firstValueFrom(cardCounts$(fleet, { fleetId: null, query: '' }))).resolves.toEqual({ total: 3, normal: 1, alarm: 1, offline: 1 });
    await expect(firstValueFrom(cardCounts$(fleet, { fleetId: 'f2', query: '' }))).resolves.toEqual({ total: 1, normal: 0, alarm: 0, offline: 1 });
    await expect(firstValueFrom(cardCounts$(fleet, { fleetId: null, query: 'van' }))).resolves.toEqual({ total: 2, normal: 1, alarm: 1, offline: 0 });
    await expect(firstValueFrom(cardCounts$(fleet, { fleetId: 'f2', query: 'van' }))).resolves.toEqual({ total: 0, normal: 0, alarm: 0, offline: 0 });
  });
});
