import { NativeSelect } from '@chakra-ui/react';
import { useFleetConsole } from '../../lib/services';
import { useFactory } from '../../lib/use-factory';
import { useResource } from '../../lib/use-resource';

/** The /vehicles/list header dropdown: pick a factory (fleet group) by factoryName. */
export function FactorySelect() {
  const { resources } = useFleetConsole();
  const factories = useResource(() => resources.factories$(), [resources]);
  const [selected, choose] = useFactory();
  const failed = factories.status === 'error' && factories.data === undefined;

  return (
    <NativeSelect.Root size="sm" width="56" disabled={factories.data === undefined}>
      <NativeSelect.Field aria-label="Factory" aria-busy={factories.status === 'loading'} value={selected} onChange={(event) => choose(event.currentTarget.value)}>
        <option value="">{failed ? 'Factories could not be loaded' : 'All factories'}</option>
        {(factories.data ?? []).map((factory) => (
          <option key={factory.factoryId} value={factory.factoryId}>
            {factory.factoryName}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
