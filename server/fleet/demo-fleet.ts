import { BUILTIN_ROLES } from '../access/builtin-roles';
import type { SeedData } from '../platform/database/seed-once';
import type { DepotRecord } from '../modules/depots/depot-store';
import type { FleetRecord } from '../modules/fleets/fleet-store';
import type { SubFleetRecord } from '../modules/sub-fleets/sub-fleet-store';
import type { UserRecord } from '../modules/accounts/user-store';
import type { VehicleRecord } from '../modules/vehicles/vehicle-store';
import type { VehicleKind } from '../sim/types';
import { deviceRecords } from './vehicle-devices';
import { hash32 } from '../sim/hash';
import { mulberry32 } from '../sim/random';
import type { Opening } from '../sim/types';

interface FleetPlan {
  name: string;
  kinds: VehicleKind[];
  depots: Array<{ city: string; lat: number; lng: number }>;
  subFleets: string[];
}

const PLANS: FleetPlan[] = [
  {
    name: 'Nordic Coach Lines',
    kinds: ['bus'],
    depots: [
      { city: 'Oslo', lat: 59.9139, lng: 10.7522 },
      { city: 'Stockholm', lat: 59.3293, lng: 18.0686 },
    ],
    subFleets: ['Oslo City', 'Stockholm Airport'],
  },
  {
    name: 'Alpine RV Rentals',
    kinds: ['rv', 'rv', 'van'],
    depots: [
      { city: 'Munich', lat: 48.1351, lng: 11.582 },
      { city: 'Zurich', lat: 47.3769, lng: 8.5417 },
    ],
    subFleets: ['Bavaria', 'Swiss Alps'],
  },
  {
    name: 'Atlantic Marine',
    kinds: ['boat'],
    depots: [
      { city: 'Lisbon', lat: 38.7223, lng: -9.1393 },
      { city: 'Amsterdam', lat: 52.3676, lng: 4.9041 },
    ],
    subFleets: ['Harbour Taxis'],
  },
  {
    name: 'Metro Delivery Vans',
    kinds: ['van'],
    depots: [
      { city: 'Paris', lat: 48.8566, lng: 2.3522 },
      { city: 'Madrid', lat: 40.4168, lng: -3.7038 },
      { city: 'Dublin', lat: 53.3498, lng: -6.2603 },
    ],
    subFleets: ['Paris Nord', 'Madrid Centro'],
  },
  {
    name: 'Outback Camper Co',
    kinds: ['rv', 'van'],
    depots: [{ city: 'Sydney', lat: -33.8688, lng: 151.2093 }],
    subFleets: ['Blue Mountains'],
  },
];

const NAMES: Record<VehicleKind, string> = { bus: 'Coach', rv: 'Cruiser', boat: 'Harbour Taxi', van: 'Van' };
const SN_LETTER: Record<VehicleKind, string> = { bus: 'B', rv: 'R', boat: 'M', van: 'V' };

export interface DemoFleetOptions {
  vehicles: number;
  seed: number;
  /** The super administrator, also named as the manager of every demo fleet, sub-fleet and depot, so they show one and editing them does not ask for one. */
  admin: UserRecord;
  /** Named as every demo fleet's service engineer, so editing a seeded fleet does not ask for one. */
  serviceEngineer?: UserRecord;
  createdAt: string;
}

/** Everything written on first start: roles, the super admin and the service engineer, fleets with sub-fleets and depots, vehicles. */
export const demoFleet = ({ vehicles: count, seed, admin, serviceEngineer, createdAt }: DemoFleetOptions): SeedData => {
  const rnd = mulberry32(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)] as T;
  const roles = BUILTIN_ROLES.map((r) => ({ ...r, id: `role-${r.roleKey.replace('.', '-')}`, builtin: true }));
  const fleets: FleetRecord[] = [];
  const subFleets: SubFleetRecord[] = [];
  const depots: DepotRecord[] = [];
  PLANS.forEach((plan, fi) => {
    const fleetId = `fleet-${fi + 1}`;
    fleets.push({ id: fleetId, name: plan.name, status: 'active', managerId: admin.id, serviceEngineerId: serviceEngineer?.id ?? null, createdAt });
    plan.subFleets.forEach((name, si) => subFleets.push({ id: `${fleetId}-sub-${si + 1}`, fleetId, name, status: 'active', managerId: admin.id, createdAt }));
    plan.depots.forEach((d, di) =>
      depots.push({
        id: `${fleetId}-depot-${di + 1}`,
        fleetId,
        name: `${d.city} depot`,
        status: 'active',
        managerId: admin.id,
        ...d,
        createdAt,
      }),
    );
  });
  const vehicles: VehicleRecord[] = [];
  const perKind: Record<VehicleKind, number> = { bus: 0, rv: 0, boat: 0, van: 0 };
  for (let i = 0; i < count; i++) {
    const fi = i % PLANS.length;
    const plan = PLANS[fi] as FleetPlan;
    const fleetId = `fleet-${fi + 1}`;
    const kind = pick(plan.kinds);
    const number = ++perKind[kind];
    const di = Math.floor(rnd() * plan.depots.length);
    const depot = plan.depots[di] as FleetPlan['depots'][number];
    const sub = Math.floor(rnd() * (plan.subFleets.length + 1));
    const big = kind === 'bus' || kind === 'boat';
    vehicles.push({
      id: `veh-${String(i + 1).padStart(5, '0')}`,
      name: `${NAMES[kind]} ${100 + number}`,
      sn: `FC${SN_LETTER[kind]}${String(seed).padStart(2, '0').slice(-2)}${String(i + 1).padStart(6, '0')}`,
      kind,
      fleetId,
      subFleetId: sub < plan.subFleets.length ? `${fleetId}-sub-${sub + 1}` : null,
      depotId: `${fleetId}-depot-${di + 1}`,
      nominalVoltage: big ? pick([24, 48] as const) : pick([12, 12, 24] as const),
      batteryAh: big ? pick([400, 600, 800]) : pick([100, 200, 280, 300]),
      solarW: kind === 'bus' ? pick([0, 400, 800]) : pick([200, 300, 400, 600]),
      tanks: kind === 'rv' ? pick([2, 3, 4]) : kind === 'boat' ? pick([1, 2]) : kind === 'van' ? pick([1, 1, 2]) : 1,
      tyres: kind === 'boat' ? 0 : kind === 'bus' ? 6 : pick([4, 4, 6]),
      airConditioner: kind !== 'boat' && rnd() < 0.7,
      homeLat: depot.lat + (rnd() - 0.5) * 0.05,
      homeLng: depot.lng + (rnd() - 0.5) * 0.05,
      createdAt,
    });
  }
  const devices = vehicles.flatMap((v) => deviceRecords(v, pick));
  return { roles, accounts: serviceEngineer ? [admin, serviceEngineer] : [admin], fleets, subFleets, depots, vehicles, devices };
};

/** Vehicles the demo's cell-site outage reaches, parked at home. */
const CELL_OUTAGE_VEHICLES = 5;
const OPENING_SALT = 0x6a09e667;

/**
 * Where a fresh start of the demo fleet opens (`ScenarioOpening` says what happens): one vehicle's
 * supply browns out, and the cell site of a depot with at least twice CELL_OUTAGE_VEHICLES homes goes
 * down, reaching as far as its CELL_OUTAGE_VEHICLES-th nearest home. Picked from the seed, so a fleet
 * seeded alike opens alike.
 */
export const demoOpening = (vehicles: number, seed: number, fromMs: number): Opening => {
  const fleet = demoFleet({ vehicles, seed, admin: { id: '' } as UserRecord, createdAt: '' });
  const rnd = mulberry32(hash32(seed, OPENING_SALT));
  const brownout = fleet.vehicles[Math.floor(rnd() * fleet.vehicles.length)];
  const homesAt = (depotId: string) => fleet.vehicles.filter((v) => v.depotId === depotId);
  const big = fleet.depots.filter((d) => homesAt(d.id).length >= 2 * CELL_OUTAGE_VEHICLES);
  const depot = big[Math.floor(rnd() * big.length)];
  let cellSite: Opening['cellSite'] = null;
  if (depot) {
    const km = (v: VehicleRecord) => Math.hypot(v.homeLat - depot.lat, (v.homeLng - depot.lng) * Math.cos((depot.lat * Math.PI) / 180)) * 111.2;
    const reach = homesAt(depot.id)
      .map(km)
      .sort((a, b) => a - b)[CELL_OUTAGE_VEHICLES - 1]!;
    cellSite = { lat: depot.lat, lng: depot.lng, radiusKm: Math.round(reach * 1000 + 50) / 1000 };
  }
  return { fromMs, brownoutVehicleIds: brownout ? [brownout.id] : [], cellSite };
};
