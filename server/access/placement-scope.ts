// What sub-fleet and depot routes share: both are placements inside a fleet, managed by the
// fleet's manager or by their own manager, and shown with the manager's name and vehicle count.
import { badRequest, forbidden, notFound } from '../http/api-error';
import type { ServerContext } from '../server-context';
import type { VisibleScope } from '../storage/records';
import { accountNames } from './account-choice';

export type PlacementKind = 'subFleet' | 'depot';

const LABEL: Record<PlacementKind, string> = { subFleet: 'sub-fleet', depot: 'depot' };

/** The fleet a placement goes into: it must exist (400) and be one the caller manages (403). */
export const checkParentFleet = async (ctx: ServerContext, scope: VisibleScope, fleetId: string): Promise<void> => {
  if (!(await ctx.repo.fleets.get(fleetId))) throw badRequest('fleetId: no such fleet');
  if (!scope.all && !scope.fleetIds.includes(fleetId)) throw forbidden('No access to this fleet');
};

/** A placement the caller may reach: 404 when missing, 403 outside its fleets and own placements. */
export const placementInScope = <T extends { id: string; fleetId: string }>(
  kind: PlacementKind,
  record: T | null,
  scope: VisibleScope,
): T => {
  const label = LABEL[kind];
  if (!record) throw notFound(`${label[0]!.toUpperCase()}${label.slice(1)} not found`);
  const own = scope.all ? [] : kind === 'subFleet' ? scope.subFleetIds : scope.depotIds;
  if (!scope.all && !scope.fleetIds.includes(record.fleetId) && !own.includes(record.id)) {
    throw forbidden(`No access to this ${label}`);
  }
  return record;
};

/** List rows with their manager's user name. */
export const withManagerNames = async <T extends { managerId: string | null }>(ctx: ServerContext, rows: T[]) => {
  const names = await accountNames(ctx, rows.map((row) => row.managerId));
  return rows.map((row) => ({ ...row, managerName: row.managerId ? (names.get(row.managerId) ?? null) : null }));
};

/** One placement as the detail and write calls answer it: manager name and vehicle count. */
export const placementView = async <T extends { id: string; managerId: string | null }>(
  ctx: ServerContext,
  kind: PlacementKind,
  record: T,
) => {
  const [named] = await withManagerNames(ctx, [record]);
  const filter = kind === 'subFleet' ? { subFleetId: record.id } : { depotId: record.id };
  const { total } = await ctx.repo.vehicles.list({ scope: { all: true }, ...filter }, { pageNum: 1, pageSize: 1 });
  return { ...named!, vehicles: total };
};
