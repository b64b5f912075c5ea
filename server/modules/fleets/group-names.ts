import type { FleetDatabase } from '../../platform/database/fleet-database';

const NAME_TABLES = { fleet: 'fleets', subFleet: 'sub_fleets', depot: 'depots' } as const;

/** The names of the fleets, sub-fleets or depots of `ids` that exist, by id. */
export const groupNames =
  ({ db, dialect }: FleetDatabase) =>
  async (kind: keyof typeof NAME_TABLES, ids: string[]): Promise<Map<string, string>> => {
    const rows = await db
      .selectFrom(NAME_TABLES[kind] as 'fleets')
      .select(['id', 'name'])
      .where((eb) => dialect.anyOf(eb.ref('id'), ids))
      .execute();
    return new Map(rows.map((r) => [String(r.id), String(r.name)]));
  };
