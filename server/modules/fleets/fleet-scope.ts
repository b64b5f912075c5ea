// Which fleets a call may touch: the fleet a call names, and the fleet a new row goes into.
import { fleetInScope } from '../../access/allowed-actions';
import type { RowScope } from '../../platform/http/scope-policy';
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
