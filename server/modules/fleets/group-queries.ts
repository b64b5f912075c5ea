import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { FleetTables } from '../../platform/database/fleet-tables';
import type { EntityStatus, PageQuery, Paged, VisibleScope } from '../../platform/database/records';
import { pageWindow } from '../../platform/database/page-window';

export interface GroupFilter {
  scope: VisibleScope;
  fleetId?: string;
  name?: string;
  status?: EntityStatus;
}

/** Counts shown beside a fleet, sub-fleet or depot in lists. */
export interface GroupCounts {
  vehicles: number;
}

type GroupTable = 'fleets' | 'sub_fleets' | 'depots';

const VEHICLE_COLUMN = { fleets: 'fleet_id', sub_fleets: 'sub_fleet_id', depots: 'depot_id' } as const;

// Kysely cannot type a table chosen at run time: the three tables share id, name and status, the
// sub-fleets and depots also fleet_id (read only when the table is not fleets).
type Groups = ExpressionBuilder<FleetTables & { g: FleetTables['sub_fleets'] }, 'g'>;

/** The conditions on a fleet, sub-fleet or depot (alias g): within the scope, and the filters. */
const groupConditions = ({ dialect }: FleetDatabase, table: GroupTable, f: GroupFilter, eb: Groups) => {
  const conditions: Array<Expression<SqlBool>> = [];
  if (!f.scope.all) {
    const s = f.scope;
    if (table === 'fleets') {
      conditions.push(
        eb.or([
          dialect.anyOf(eb.ref('g.id'), s.fleetIds),
          eb(
            'g.id',
            'in',
            eb
              .selectFrom('sub_fleets as s')
              .select('s.fleet_id')
              .where((sub) => dialect.anyOf(sub.ref('s.id'), s.subFleetIds)),
          ),
          eb(
            'g.id',
            'in',
            eb
              .selectFrom('depots as d')
              .select('d.fleet_id')
              .where((depot) => dialect.anyOf(depot.ref('d.id'), s.depotIds)),
          ),
        ]),
      );
    } else {
      conditions.push(eb.or([dialect.anyOf(eb.ref('g.fleet_id'), s.fleetIds), dialect.anyOf(eb.ref('g.id'), table === 'sub_fleets' ? s.subFleetIds : s.depotIds)]));
    }
  }
  if (f.fleetId && table !== 'fleets') conditions.push(eb('g.fleet_id', '=', f.fleetId));
  if (f.name) conditions.push(dialect.contains(eb.ref('g.name'), f.name));
  if (f.status) conditions.push(eb('g.status', '=', f.status));
  return eb.and(conditions);
};

/**
 * What fleets, sub-fleets and depots query alike: lists limited by scope and filters, pages with the
 * vehicles each holds, and deleting one while moving its vehicles.
 */
export const groupQueries = <T extends GroupTable, R>(database: FleetDatabase, table: T, toRecord: (row: Selectable<FleetTables[T]>) => R) => {
  const { db } = database;
  const groups = (f: GroupFilter) => db.selectFrom(`${table} as g` as 'sub_fleets as g').where((eb) => groupConditions(database, table, f, eb));
  const column: 'fleet_id' | 'sub_fleet_id' | 'depot_id' = VEHICLE_COLUMN[table];
  const asRecord = (row: unknown) => toRecord(row as Selectable<FleetTables[T]>);
  return {
    /** By name. */
    list: async (f: GroupFilter): Promise<R[]> => (await groups(f).selectAll('g').orderBy('g.name').execute()).map(asRecord),

    /** By name, then id. */
    page: async (f: GroupFilter, page: PageQuery): Promise<Paged<R & GroupCounts>> => {
      const counted = await groups(f)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      const rows = await groups(f)
        .selectAll('g')
        .select((eb) =>
          eb
            .selectFrom('vehicles as v')
            .select(sql<number>`count(*)`.as('n'))
            .whereRef(`v.${column}`, '=', 'g.id')
            .as('vehicle_count'),
        )
        .orderBy('g.name')
        .orderBy('g.id')
        .$call(pageWindow(page))
        .execute();
      return { rows: rows.map(({ vehicle_count, ...r }) => ({ ...asRecord(r), vehicles: Number(vehicle_count) })), total: Number(counted.n) };
    },

    /**
     * Moves the vehicles of the fleet, sub-fleet or depot (columns `moveTo`, none: they stay) and
     * deletes it, in one transaction; answers the ids of the vehicles moved.
     */
    deleteMovingVehicles: (id: string, moveTo: Updateable<FleetTables['vehicles']> | null): Promise<string[]> =>
      db.transaction().execute(async (trx) => {
        const moved = (await trx.selectFrom('vehicles').select('id').where(column, '=', id).execute()).map((r) => String(r.id));
        if (moveTo && moved.length > 0) await trx.updateTable('vehicles').set(moveTo).where(column, '=', id).execute();
        await trx
          .deleteFrom(table as 'sub_fleets')
          .where('id', '=', id)
          .execute();
        return moved;
      }),
  };
};
