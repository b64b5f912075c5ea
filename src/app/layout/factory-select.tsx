import { useEffect, useState } from 'react';
import { NativeSelect } from '@chakra-ui/react';
import type { FactoryEntry } from '../../../streams/api/types';
import { useFleetConsole } from '../../lib/services';

export const FACTORY_LIST_PATH = '/customization/factory/v1/query/list';

/** The /vehicles/list header dropdown: pick a factory (fleet group) by factoryName. */
export function FactorySelect() {
  const fleetConsole = useFleetConsole();
  const [factories, setFactories] = useState<FactoryEntry[]>([]);
  const [selected, setSelected] = useState(() => fleetConsole.session.get('factoryId') ?? '');

  useEffect(() => {
    let live = true;
    fleetConsole.api.get<FactoryEntry[]>(FACTORY_LIST_PATH).then(
      (list) => live && setFactories(Array.isArray(list) ? list : []),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [fleetConsole]);

  return (
    <NativeSelect.Root size="sm" width="56">
      <NativeSelect.Field
        aria-label="Factory"
        value={selected}
        onChange={(event) => {
          setSelected(event.currentTarget.value);
          fleetConsole.session.set('factoryId', event.currentTarget.value);
        }}
      >
        <option value="">All factories</option>
        {factories.map((factory) => (
          <option key={factory.factoryId} value={factory.factoryId}>
            {factory.factoryName}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
