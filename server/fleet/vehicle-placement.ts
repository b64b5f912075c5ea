import type { Actor } from '../access/actor';
import { scopeIncludes } from '../access/scope-includes';
import { ApiError } from '../platform/http/api-error';
import { accountOf } from '../platform/http/actor-of';
import { scope } from '../platform/http/scope-policy';
import type { FleetRepository } from '../platform/database/fleet-repository';

export interface PlacementInput {
  fleetId: string;
  subFleetId: string | null;
  depotId: string | null;
}

export type PlacementRefusal = { error: string; field: keyof PlacementInput; code: 400 | 403 };

/** A refused placement as the API answers it: the message starts with the field it names. */
export const placementError = (p: PlacementRefusal): ApiError => new ApiError(p.code, `${p.field}: ${p.error}`);

/**
 * Why a vehicle cannot be placed there, or null when it can; `home` is where it will live. Out of
 * scope names the most specific place given, the one the caller would change.
 */
export const checkPlacement = async (
  repo: FleetRepository,
  actor: Extract<Actor, { kind: 'user' }>,
  p: PlacementInput,
): Promise<PlacementRefusal | { error: null; home: { lat: number; lng: number } }> => {
  if (!(await repo.fleets.get(p.fleetId))) return { error: `unknown fleet ${p.fleetId}`, field: 'fleetId', code: 400 };
  const sub = p.subFleetId ? await repo.subFleets.get(p.subFleetId) : null;
  if (p.subFleetId && sub?.fleetId !== p.fleetId) return { error: `unknown sub-fleet ${p.subFleetId} in this fleet`, field: 'subFleetId', code: 400 };
  const depot = p.depotId ? await repo.depots.get(p.depotId) : null;
  if (p.depotId && depot?.fleetId !== p.fleetId) return { error: `unknown depot ${p.depotId} in this fleet`, field: 'depotId', code: 400 };
  if (!scopeIncludes(actor.scope, p)) {
    const [field, label] = p.depotId ? (['depotId', 'depot'] as const) : p.subFleetId ? (['subFleetId', 'sub-fleet'] as const) : (['fleetId', 'fleet'] as const);
    return { error: `no access to place vehicles in this ${label}`, field, code: 403 };
  }
  const home = depot ?? (await repo.depots.page({ scope: { all: true }, fleetId: p.fleetId }, { pageNum: 1, pageSize: 1 })).rows[0];
  return { error: null, home: home ? { lat: home.lat, lng: home.lng } : { lat: 0, lng: 0 } };
};

/**
 * The scope decision of a call that places a new vehicle by its body's fleetId, subFleetId and
 * depotId: refused as `checkPlacement` says, else the home the handler reads with `scopeChecked`.
 */
export const NEW_VEHICLE_PLACEMENT = scope.check('placement', async (ctx, req) => {
  const body = req.body as { fleetId: string; subFleetId?: string | null; depotId?: string | null };
  const placed = await checkPlacement(ctx.repo, accountOf(req), { fleetId: body.fleetId, subFleetId: body.subFleetId ?? null, depotId: body.depotId ?? null });
  if (placed.error !== null) throw placementError(placed);
  return placed.home;
});
