// Add, edit and transfer of one vehicle, on the kit's dialog form.
import { useState } from 'react';
import type { VehicleListRow } from '../../../streams/api/types';
import { DialogForm } from '../../components/dialog-form';
import { SUCCESS } from '../../lib/messages';
import { useFleetConsole } from '../../lib/services';
import { selected, serialNumber, vehicleName } from '../../lib/validation';
import { usePlacementOptions } from './use-placement-options';

const KINDS = [
  { value: 'van', label: 'Van' },
  { value: 'rv', label: 'RV' },
  { value: 'bus', label: 'Bus' },
  { value: 'boat', label: 'Boat' },
];

// The S/N refusal carries the spec's text without naming a field.
const snRefusal = (message: string) => (message.includes('(SN)') ? ('sn' as const) : undefined);
const orNull = (id: string) => id || null;

export function AddVehicleDialog(props: { open: boolean; fleetId: string; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const [fleetId, setFleetId] = useState(props.fleetId);
  const placement = usePlacementOptions(fleetId);
  return (
    <DialogForm
      open={props.open}
      title="Add vehicle"
      success={SUCCESS.added}
      initial={{ name: '', sn: '', fleetId: props.fleetId, kind: 'van' }}
      onValuesChange={(values) => setFleetId(values.fleetId)}
      fields={[
        { name: 'name', label: 'Name', rules: [vehicleName('add')] },
        { name: 'sn', label: 'S/N', rules: [serialNumber] },
        { name: 'fleetId', label: 'Fleet', rules: [selected], options: placement.fleets },
        { name: 'kind', label: 'Kind', rules: [selected], options: KINDS },
      ]}
      refusalField={snRefusal}
      onSubmit={(values) => resources.vehicles.create({ ...values, name: values.name.trim(), sn: values.sn.trim() })}
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
      onSubmit={(values) => resources.vehicles.update({ vehicleId: vehicle!.id, name: values.name.trim(), sn: values.sn.trim() })}
      onClose={props.onClose}
    />
  );
}

/** Moves one vehicle, or each of several, to another fleet / sub-fleet / depot. */
export function TransferDialog(props: { vehicles: VehicleListRow[]; onClose: () => void }) {
  const { resources } = useFleetConsole();
  const first = props.vehicles[0];
  const [fleetId, setFleetId] = useState(first?.fleetId ?? '');
  const placement = usePlacementOptions(fleetId);
  const count = props.vehicles.length;
  return (
    <DialogForm
      open={count > 0}
      title={count === 1 ? `Transfer ${first!.name}` : `Transfer ${count} vehicles`}
      success={SUCCESS.transferred}
      submitLabel="Transfer"
      initial={{ fleetId: first?.fleetId ?? '', subFleetId: count === 1 ? (first?.subFleetId ?? '') : '', depotId: count === 1 ? (first?.depotId ?? '') : '' }}
      onValuesChange={(values) => setFleetId(values.fleetId)}
      fields={[
        { name: 'fleetId', label: 'Fleet', rules: [selected], options: placement.fleets },
        { name: 'subFleetId', label: 'Sub-fleet', rules: [], placeholder: 'None', options: placement.subFleets },
        { name: 'depotId', label: 'Depot', rules: [], placeholder: 'None', options: placement.depots },
      ]}
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
