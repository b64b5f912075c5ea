// Which rows of the fleet tree a call may touch: the fleet, sub-fleet or depot a call names, the
// fleet a new row goes into, and the fleet a deleted sub-fleet or depot lies in.
import { fleetInScope, placementReachable } from '../../access/allowed-actions';
import { accountOf } from '../../platform/http/actor-of';
import { badRequest, forbidden } from '../../platform/http/api-error';
import { scope, type RowScope } from '../../platform/http/scope-policy';
import type { DepotRecord } from '../depots/depot-store';
import type { SubFleetRecord } from '../sub-fleets/sub-fleet-store';
import type { FleetRecord } from './fleet-store';

/** A fleet named by a call: reached when the caller manages, services or is assigned to it. */
export const FLEET_ROW: RowScope<FleetRecord> = {
  kind: 'fleet',
  load: (ctx, id) => ctx.repo.fleets.get(id),
  reaches: (_ctx, actor, fleet) => actor.kind !== 'share' && fleetInScope(actor.scope, fleet.id),
  notFound: 'Fleet not found',
  forbidden: 'No access to this fleet',
};

/**
 * The fleet a new row or moved vehicles go into, named by a field of the call: declared with
 * `unknown: 'badRequest'`, an unknown one is a 400 naming the field ("fleetId: no such fleet").
 */
export const PARENT_FLEET_ROW: RowScope<FleetRecord> = { ...FLEET_ROW, notFound: 'no such fleet' };

/** A sub-fleet named by a call: reached through its fleet, or as the caller's own. */
export const SUB_FLEET_ROW: RowScope<SubFleetRecord> = {
  kind: 'subFleet',
  label: 'sub-fleet',
  load: (ctx, id) => ctx.repo.subFleets.get(id),
  reaches: (_ctx, actor, sub) => actor.kind !== 'share' && placementReachable(actor.scope, 'subFleet', sub),
  notFound: 'Sub-fleet not found',
  forbidden: 'No access to this sub-fleet',
};

/** A depot named by a call: reached through its fleet, or as the caller's own. */
export const DEPOT_ROW: RowScope<DepotRecord> = {
  kind: 'depot',
  load: (ctx, id) => ctx.repo.depots.get(id),
  reaches: (_ctx, actor, depot) => actor.kind !== 'share' && placementReachable(actor.scope, 'depot', depot),
  notFound: 'Depot not found',
  forbidden: 'No access to this depot',
};

/**
 * Deleting a sub-fleet or depot takes its fleet: besides the row itself (declared before this, at
 * the same `at`), the caller must reach the fleet it lies in (403), which its own manager alone
 * does not. A row scope answers with one refusal only, hence a check.
 */
export const placementFleet = <T extends { fleetId: string }>(row: RowScope<T>, at: `query.${string}`) =>
  scope.check(`fleet of ${row.kind}`, async (ctx, req) => {
    const id = (req.query as Record<string, string | undefined>)[at.slice('query.'.length)];
    const placement = id === undefined ? null : await row.load(ctx, id);
    if (!placement) return null;
    const fleet = await ctx.repo.fleets.get(placement.fleetId);
    if (!fleet) throw badRequest(`fleetId: ${PARENT_FLEET_ROW.notFound}`);
    if (!fleetInScope(accountOf(req).scope, fleet.id)) throw forbidden(PARENT_FLEET_ROW.forbidden);
    return fleet;
  });
