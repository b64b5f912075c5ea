import { useMemo } from 'react';
import { Table, Text } from '@chakra-ui/react';
import { useObservableState } from 'observable-hooks';
import { distinctUntilChanged, map, type Observable } from 'rxjs';
import type { DeviceType, KeyInfo, LiveValue } from '../../../contract/protocol/types';
import type { DeviceLive } from '../../../streams/telemetry/types';
import { keyDecimals } from '../../../contract/protocol/key-precision';
import { formatDeviceValue } from '../device-value';
import { useDisplayUnits } from '../use-display-units';
import { displayUnit, toDisplay } from '../../lib/units';

/** The device's current key list (cmd 144) with its latest values (cmd 1), in display units. */
export function LiveKeyTable(props: { keys: readonly KeyInfo[] | undefined; deviceType: DeviceType; live$: Observable<DeviceLive> }) {
  const units = useDisplayUnits();
  const values = useObservableState(
    useMemo(
      () =>
        props.live$.pipe(
          map((device) => device.values),
          distinctUntilChanged(),
        ),
      [props.live$],
    ),
  ) as Readonly<Record<string, LiveValue>> | undefined;

  if (!props.keys) {
    return (
      <Text color="fg.muted" role="status">
        Waiting for the device's key list…
      </Text>
    );
  }
  return (
    <Table.Root size="sm" data-testid="live-keys" data-device={props.deviceType} striped>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Key</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Value</Table.ColumnHeader>
          <Table.ColumnHeader>Unit</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {props.keys.map((key) => (
          <Table.Row key={key.key} data-key={key.key}>
            <Table.Cell>{key.label}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums" data-testid="live-value">
              {formatDeviceValue(values?.[key.key], key.kind, toDisplay(key.unit, units), keyDecimals({ key: key.key, unit: displayUnit(key.unit, units) }))}
            </Table.Cell>
            <Table.Cell color="fg.muted">{key.kind === 'number' ? displayUnit(key.unit, units) : ''}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
