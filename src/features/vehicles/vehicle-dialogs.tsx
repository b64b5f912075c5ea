// Add, edit and transfer of one vehicle, on the kit's dialog form.
import { useState } from 'react';
import type { VehicleListRow } from '../../../contract/api/types';
import { type DialogField, DialogForm } from '../../components/dialog-form';
import { SearchPicker } from '../../components/search-picker';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { MESSAGES, required, selected, serialNumber, vehicleName } from '../../lib/validation';
import { type VehicleDestinations, useVehicleDestinations } from './fleet-places';
import type { VehicleCreate } from '../../../streams/api/entity-writes';

const KINDS = [
  { value: 'van', label: 'Van' },
  { value: 'rv', label: 'RV' },
  { value: 'bus', label: 'Bus' },
  { value: 'boat', label: 'Boat' },
];

// The S/N refusal carries the spec's text without naming a field.
const snRefusal = (message: string) => (message.includes('(SN)') ? ('sn' as const) : undefined);
const orNull = (id: string) => id || null;

type Destination = { fleetId: string; subFleetId: string; depotId: string };

/**
 * Fleet, sub-fleet and depot over the places the user may put vehicles, each searched on the server.
 * In a fleet that is not theirs as a whole, one of their sub-fleets (or depots, when they have no
 * sub-fleet there) is required.
 */
function destinationFields(to: VehicleDestinations, values: Destination): DialogField<keyof Destination>[] {
  // Only once a fleet is chosen: with none, no fleet is whole, and a super administrator was told to pick a place of their own.
  const placeNeeded = to.loaded && values.fleetId !== '' && !to.wholeFleet && !values.subFleetId && !values.depotId;
  const needed = (field: 'subFleet' | 'depot') => (placeNeeded && (field === 'subFleet') === to.hasSubFleets ? [required(MESSAGES.placementRequired)] : []);
  return [
    {
      name: 'fleetId',
      label: 'Fleet',
      rules: [selected],
      clears: ['subFleetId', 'depotId'],
      editor: (value, change) => <SearchPicker label="Fleet" width="full" value={value} {...to.fleets} onChange={(fleet) => change(fleet?.id ?? '')} />,
    },
    {
      name: 'subFleetId',
      label: 'Sub-fleet',
      rules: needed('subFleet'),
      editor: (value, change) => (
        <SearchPicker key={values.fleetId} label="Sub-fleet" none="None" width="full" value={value} {...to.subFleets} onChange={(sub) => change(sub?.id ?? '')} />
      ),
    },
    {
      name: 'depotId',
      label: 'Depot',
      rules: needed('depot'),
      editor: (value, change) => (
        <SearchPicker key={values.fleetId} label="Depot" none="None" width="full" value={value} {...to.depots} onChange={(depot) => change(depot?.id ?? '')} />
      ),
    },
  ];
}

export function AddVehicleDialog(props: { open: boolean; fleetId: string; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const [fleetId, setFleetId] = useState(props.fleetId);
  const destinations = useVehicleDestinations(fleetId);
  return (
    <DialogForm<'name' | 'sn' | 'kind' | keyof Destination>
      open={props.open}
      title="Add vehicle"
      success={SUCCESS.added}
      initial={{ name: '', sn: '', fleetId: props.fleetId, subFleetId: '', depotId: '', kind: 'van' }}
      onValuesChange={(values) => setFleetId(values.fleetId)}
      fields={(values) => [
        { name: 'name', label: 'Name', rules: [vehicleName('add')] },
        { name: 'sn', label: 'S/N', rules: [serialNumber] },
        ...destinationFields(destinations, values),
        // Not a spec field: a choice with a default (van), so not starred.
        { name: 'kind', label: 'Kind', rules: [], options: KINDS, defaulted: true },
      ]}
      refusalField={snRefusal}
      onSubmit={(values) =>
        resources.vehicles.create({
          ...values,
          kind: values.kind as VehicleCreate['kind'],
          name: values.name.trim(),
          sn: values.sn.trim(),
          subFleetId: orNull(values.subFleetId),
          depotId: orNull(values.depotId),
        })
      }
      onClose={props.onClose}
    />
  );
}

export function EditVehicleDialog(props: { vehicle: VehicleListRow | null; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const vehicle = props.vehicle;
  return (
    <DialogForm
      open={vehicle !== null}
      title="Edit vehicle"
      success={SUCCESS.modified}
      initial={{ name: vehicle?.name ?? '', sn: vehicle?.sn ?? '' }}
      fields={[
        { name: 'name', label: 'Name', rules: [vehicleName('edit')] },
        { name: 'sn', label: 'S/N', rules: [serialNumber] },
      ]}
      refusalField={snRefusal}
      versioned={{ noun: 'vehicle', version: vehicle?.version, valuesOf: (current) => ({ name: String(current.name), sn: String(current.sn) }) }}
      onSubmit={(values, version) => resources.vehicles.update({ vehicleId: vehicle!.id, version, name: values.name.trim(), sn: values.sn.trim() })}
      onClose={props.onClose}
    />
  );
}

/** Moves one vehicle, or each of several, to another fleet / sub-fleet / depot the user may place vehicles in. */
export function TransferDialog(props: { vehicles: VehicleListRow[]; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const first = props.vehicles[0];
  const [fleetId, setFleetId] = useState(first?.fleetId ?? '');
  const destinations = useVehicleDestinations(fleetId);
  const count = props.vehicles.length;
  return (
    <DialogForm
      open={count > 0}
      title={count === 1 ? `Transfer ${first!.name}` : `Transfer ${count} vehicles`}
      success={SUCCESS.transferred}
      submitLabel="Transfer"
      initial={{ fleetId: first?.fleetId ?? '', subFleetId: count === 1 ? (first?.subFleetId ?? '') : '', depotId: count === 1 ? (first?.depotId ?? '') : '' }}
      onValuesChange={(values) => setFleetId(values.fleetId)}
      fields={(values) => destinationFields(destinations, values)}
      // One group operation, so the move shows in the group log with its outcome per vehicle.
      onSubmit={async (values) => {
        await resources.groupOperations.transfer(
          props.vehicles.map((vehicle) => vehicle.id),
          { fleetId: values.fleetId, subFleetId: orNull(values.subFleetId), depotId: orNull(values.depotId) },
        );
      }}
      onClose={props.onClose}
    />
  );
}
