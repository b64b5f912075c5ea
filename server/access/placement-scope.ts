// What sub-fleet and depot routes share: both are placements inside a fleet, managed by the
// fleet's manager or by their own manager, and shown with the manager's name and vehicle count.
import { badRequest } from '../platform/http/api-error';
import type { ServerContext } from '../server-context';
import { NO_PLACEMENT } from '../../contract/entities/common';
import { accountNames } from './account-choice';
import type { Actor } from './actor';
import { placementActions } from './allowed-actions';

export type PlacementKind = 'subFleet' | 'depot';

const LABEL: Record<PlacementKind, string> = { subFleet: 'sub-fleet', depot: 'depot' };

/** How many vehicles a fleet, sub-fleet or depot holds. */
export const countVehicles = async (ctx: ServerContext, filter: { fleetId: string } | { subFleetId: string } | { depotId: string }) =>
  (await ctx.repo.vehicles.list({ scope: { all: true }, ...filter }, { pageNum: 1, pageSize: 1 })).total;

export const vehiclesText = (n: number) => `${n} vehicle${n === 1 ? '' : 's'}`;

/**
 * Where the vehicles of a sub-fleet or depot being deleted go: the id of another one in the same
 * fleet, or null (`moveTo: "none"`) to keep them in the fleet alone. A node that holds vehicles is
 * deleted only once the caller has said where they go.
 */
export const vehicleDestination = async (
  ctx: ServerContext,
  kind: PlacementKind,
  record: { id: string; fleetId: string },
  moveTo: string | undefined,
): Promise<string | null> => {
  const label = LABEL[kind];
  if (moveTo === undefined) {
    const held = await countVehicles(ctx, kind === 'subFleet' ? { subFleetId: record.id } : { depotId: record.id });
    if (held > 0) throw badRequest(`moveTo: this ${label} still holds ${vehiclesText(held)}; choose another ${label} of its fleet, or none`);
    return null;
  }
  if (moveTo === NO_PLACEMENT) return null;
  if (moveTo === record.id) throw badRequest(`moveTo: choose a ${label} other than the one being deleted`);
  const target = kind === 'subFleet' ? await ctx.repo.subFleets.get(moveTo) : await ctx.repo.depots.get(moveTo);
  if (target?.fleetId !== record.fleetId) throw badRequest(`moveTo: no such ${label} in this fleet`);
  return target.id;
};

/** Puts moved vehicles in their new place in the directory and the sockets' scopes, on every node. */
export const resettleVehicles = async (ctx: ServerContext, vehicleIds: string[]): Promise<void> => {
  for (const id of vehicleIds) {
    const vehicle = await ctx.repo.vehicles.get(id);
    if (vehicle) ctx.directory.set(vehicle);
  }
  await ctx.sync.refresh(vehicleIds);
};

/** List rows with their manager's user name and what the caller may do to each. */
export const withManagerNames = async <T extends { id: string; fleetId: string; managerId: string | null }>(
  ctx: ServerContext,
  kind: PlacementKind,
  rows: T[],
  actor: Extract<Actor, { kind: 'user' }>,
) => {
  const names = await accountNames(
    ctx,
    rows.map((row) => row.managerId),
  );
  return rows.map((row) => ({
    ...row,
    managerName: row.managerId ? (names.get(row.managerId) ?? null) : null,
    allowed: placementActions(actor, kind, row),
  }));
};

/** One placement as the detail and write calls answer it: manager name, vehicle count, allowed actions. */
export const placementView = async <T extends { id: string; fleetId: string; managerId: string | null }>(
  ctx: ServerContext,
  kind: PlacementKind,
  record: T,
  actor: Extract<Actor, { kind: 'user' }>,
) => {
  const [named] = await withManagerNames(ctx, kind, [record], actor);
  const vehicles = await countVehicles(ctx, kind === 'subFleet' ? { subFleetId: record.id } : { depotId: record.id });
  return { ...named!, vehicles };
};
