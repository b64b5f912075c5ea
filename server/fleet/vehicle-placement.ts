import type { Actor } from '../access/actor';
import { scopeIncludes } from '../access/scope-includes';
import type { FleetRepository } from '../storage/fleet-repository';

export interface PlacementInput {
  fleetId: string;
  subFleetId: string | null;
  depotId: string | null;
}

/** The field a refused placement names: the most specific place given, which the caller would change. */
const placedField = (p: PlacementInput): string => (p.depotId ? 'depotId' : p.subFleetId ? 'subFleetId' : 'fleetId');

/** Why a vehicle cannot be placed there (a message naming the field), or null when it can; `home` is where it will live. */
export const checkPlacement = async (
  repo: FleetRepository,
  actor: Extract<Actor, { kind: 'user' }>,
  p: PlacementInput,
): Promise<{ error: string; code: 400 | 403 } | { error: null; home: { lat: number; lng: number } }> => {
  if (!(await repo.fleets.get(p.fleetId))) return { error: `fleetId: unknown fleet ${p.fleetId}`, code: 400 };
  const sub = p.subFleetId ? await repo.subFleets.get(p.subFleetId) : null;
  if (p.subFleetId && sub?.fleetId !== p.fleetId) return { error: `subFleetId: unknown sub-fleet ${p.subFleetId} in this fleet`, code: 400 };
  const depot = p.depotId ? await repo.depots.get(p.depotId) : null;
  if (p.depotId && depot?.fleetId !== p.fleetId) return { error: `depotId: unknown depot ${p.depotId} in this fleet`, code: 400 };
  if (!scopeIncludes(actor.scope, p)) return { error: `${placedField(p)}: you may not place vehicles there`, code: 403 };
  const home =
    depot ?? (await repo.depots.page({ scope: { all: true }, fleetId: p.fleetId }, { pageNum: 1, pageSize: 1 })).rows[0];
  return { error: null, home: home ? { lat: home.lat, lng: home.lng } : { lat: 0, lng: 0 } };
};
