// Pre-alarm rules and each rule's state per vehicle (pending or firing), as the monitor and the
// handlers see them.
import type { Generated, Selectable } from 'kysely';
import { PREALARM_LOGIC, type PrealarmLogic } from '../../../contract/api/prealarm-keys';
import type { FleetDatabase } from '../../platform/database/fleet-database';
import type { PrealarmState } from '../../prealarms/prealarm-step';

/** Its tables, as both databases hold them (server/platform/database/migrations.ts). */
export interface PrealarmsTable {
  id: string;
  fleet_id: string | null;
  sub_fleet_id: string | null;
  name: string;
  value: number;
  logic: string;
  trigger_hours: Generated<number>;
  created_at: number;
  device_key: Generated<string>;
  message: Generated<string>;
  vehicle_ids: Generated<string>;
}

export interface PrealarmStatesTable {
  prealarm_id: string;
  vehicle_id: string;
  state: string;
  since: number;
  fired_at: number | null;
}

declare module '../../platform/database/fleet-tables' {
  interface FleetTables {
    prealarms: PrealarmsTable;
    prealarm_states: PrealarmStatesTable;
  }
}

declare module '../../platform/database/fleet-repository' {
  interface FleetRepository {
    prealarms: PrealarmStore;
  }
}

export interface PrealarmRecord {
  id: string;
  fleetId: string;
  /** null: a fleet's rule; else a sub-fleet's. */
  subFleetId: string | null;
  name: string;
  deviceKey: string;
  logic: PrealarmLogic;
  value: number;
  triggerHours: number;
  message: string;
  /** Assigned vehicles; empty: the whole fleet or sub-fleet. */
  vehicleIds: string[];
  createdAt: number;
}

export interface PrealarmStateRecord extends PrealarmState {
  prealarmId: string;
  vehicleId: string;
}

export interface PrealarmStore {
  all(): Promise<PrealarmRecord[]>;
  list(filter: { fleetId: string; subFleetId: string | null }): Promise<PrealarmRecord[]>;
  /** Rules per fleet (fleet and sub-fleet rules together). */
  countsByFleet(): Promise<Map<string, number>>;
  get(id: string): Promise<PrealarmRecord | null>;
  create(rule: PrealarmRecord): Promise<void>;
  update(rule: PrealarmRecord): Promise<void>;
  delete(id: string): Promise<void>;
  states(prealarmId?: string): Promise<PrealarmStateRecord[]>;
  putState(state: PrealarmStateRecord): Promise<void>;
  dropState(prealarmId: string, vehicleId: string): Promise<void>;
  /** Forgets the pending (not firing) vehicles of a rule whose condition changed. */
  dropPending(prealarmId: string): Promise<void>;
}

const toRule = (r: Selectable<PrealarmsTable>): PrealarmRecord => ({
  id: r.id,
  fleetId: String(r.fleet_id),
  subFleetId: r.sub_fleet_id,
  name: r.name,
  deviceKey: r.device_key,
  logic: (PREALARM_LOGIC as readonly string[]).includes(r.logic) ? (r.logic as PrealarmLogic) : '=',
  value: Number(r.value),
  triggerHours: Number(r.trigger_hours),
  message: r.message,
  vehicleIds: JSON.parse(r.vehicle_ids) as string[],
  createdAt: Number(r.created_at),
});

const toState = (r: Selectable<PrealarmStatesTable>): PrealarmStateRecord => ({
  prealarmId: r.prealarm_id,
  vehicleId: r.vehicle_id,
  state: r.state === 'firing' ? 'firing' : 'pending',
  since: Number(r.since),
  firedAt: r.fired_at === null ? null : Number(r.fired_at),
});

const fromRule = (p: PrealarmRecord) => ({
  name: p.name,
  device_key: p.deviceKey,
  logic: p.logic,
  value: p.value,
  trigger_hours: p.triggerHours,
  message: p.message,
  vehicle_ids: JSON.stringify(p.vehicleIds),
});

export const prealarmStore = ({ db }: FleetDatabase): PrealarmStore => ({
  all: async () => (await db.selectFrom('prealarms').selectAll().orderBy('created_at').orderBy('id').execute()).map(toRule),
  list: async (f) =>
    (
      await db
        .selectFrom('prealarms')
        .selectAll()
        .where('fleet_id', '=', f.fleetId)
        .where('sub_fleet_id', f.subFleetId === null ? 'is' : '=', f.subFleetId)
        .orderBy('created_at')
        .orderBy('id')
        .execute()
    ).map(toRule),
  countsByFleet: async () =>
    new Map(
      (
        await db
          .selectFrom('prealarms')
          .select((eb) => ['fleet_id', eb.fn.countAll().as('n')])
          .groupBy('fleet_id')
          .execute()
      ).map((r) => [String(r.fleet_id), Number(r.n)]),
    ),
  get: async (id) => {
    const r = await db.selectFrom('prealarms').selectAll().where('id', '=', id).executeTakeFirst();
    return r ? toRule(r) : null;
  },
  create: async (p) => {
    await db
      .insertInto('prealarms')
      .values({ id: p.id, fleet_id: p.fleetId, sub_fleet_id: p.subFleetId, ...fromRule(p), created_at: p.createdAt })
      .execute();
  },
  update: async (p) => {
    await db.updateTable('prealarms').set(fromRule(p)).where('id', '=', p.id).execute();
  },
  delete: async (id) => {
    await db.deleteFrom('prealarms').where('id', '=', id).execute();
  },
  states: async (prealarmId) =>
    (
      await db
        .selectFrom('prealarm_states')
        .selectAll()
        .$if(prealarmId !== undefined, (q) => q.where('prealarm_id', '=', prealarmId!))
        .execute()
    ).map(toState),
  putState: async (s) => {
    await db
      .insertInto('prealarm_states')
      .values({ prealarm_id: s.prealarmId, vehicle_id: s.vehicleId, state: s.state, since: s.since, fired_at: s.firedAt })
      .onConflict((oc) =>
        oc.columns(['prealarm_id', 'vehicle_id']).doUpdateSet((eb) => ({
          state: eb.ref('excluded.state'),
          since: eb.ref('excluded.since'),
          fired_at: eb.ref('excluded.fired_at'),
        })),
      )
      .execute();
  },
  dropState: async (prealarmId, vehicleId) => {
    await db.deleteFrom('prealarm_states').where('prealarm_id', '=', prealarmId).where('vehicle_id', '=', vehicleId).execute();
  },
  dropPending: async (prealarmId) => {
    await db.deleteFrom('prealarm_states').where('prealarm_id', '=', prealarmId).where('state', '=', 'pending').execute();
  },
});
