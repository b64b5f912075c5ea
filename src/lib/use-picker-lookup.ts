import { useMemo } from 'react';
import { filter, firstValueFrom } from 'rxjs';
import type { Resource } from '../../streams/api/resource';
import type { Query } from '../../contract/api/types';
import type { PickerItem } from '../components/search-picker';

type Named = { id: string; name: string };

/** A `SearchPicker`'s server search over a resource (within `filters`) and its name of a chosen id. */
export function usePickerLookup(resource: Resource<Named, Named>, filters?: Query) {
  const key = JSON.stringify(filters ?? {});
  return useMemo(
    () => ({
      lookup: async (search: string, signal: AbortSignal): Promise<PickerItem[]> =>
        (await resource.lookup(search, filters, signal)).map(({ id, name }) => ({ id, name })),
      nameOf: async (id: string): Promise<string> => {
        const loaded = await firstValueFrom(resource.get$(id).pipe(filter((state) => state.status !== 'loading')));
        return loaded.data?.name ?? id;
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the filters' content is the key
    [resource, key],
  );
}
