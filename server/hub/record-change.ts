import type { RecordKind } from '../../contract/protocol/types';
import type { VehicleRecord } from '../modules/vehicles/vehicle-store';

/** Where a record sits in the fleet: who may hear that it changed. */
export type RecordPlace = Pick<VehicleRecord, 'fleetId' | 'subFleetId' | 'depotId'>;

/** An editable record that changed (cmd 164). */
export interface RecordChange {
  kind: RecordKind;
  id: string;
  place: RecordPlace;
}

/** The change of a fleet, sub-fleet or depot, placed in its fleet. */
export const groupChange = (kind: Exclude<RecordKind, 'vehicle'>, record: { id: string; fleetId?: string }): RecordChange => ({
  kind,
  id: record.id,
  place: {
    fleetId: record.fleetId ?? record.id,
    subFleetId: kind === 'subFleet' ? record.id : null,
    depotId: kind === 'depot' ? record.id : null,
  },
});

export const vehicleChange = (vehicle: VehicleRecord): RecordChange => ({
  kind: 'vehicle',
  id: vehicle.id,
  place: { fleetId: vehicle.fleetId, subFleetId: vehicle.subFleetId, depotId: vehicle.depotId },
});
