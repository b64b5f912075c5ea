// Several items of a collection too large to list whole: each is searched on the server and added
// (SearchPicker), and the chosen ones are shown by name, each removable.
import { useEffect, useState } from 'react';
import { Button, HStack, Stack, Text, Wrap } from '@chakra-ui/react';
import { type PickerItem, SearchPicker } from './search-picker';

/** Chosen items shown by name; more than this are counted. */
const SHOWN = 20;

export interface SearchMultiPickerProps {
  /** The chosen list's accessible name ("Vehicles"); the search field is "Add …" unless given. */
  label: string;
  addLabel: string;
  value: readonly string[];
  lookup: (search: string, signal: AbortSignal) => Promise<PickerItem[]>;
  nameOf: (id: string, signal: AbortSignal) => Promise<string>;
  onChange: (ids: string[]) => void;
}

export function SearchMultiPicker({ label, addLabel, value, lookup, nameOf, onChange }: SearchMultiPickerProps) {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const shown = value.slice(0, SHOWN);
  const unnamed = shown.filter((id) => !names.has(id)).join('\n');

  // Ids chosen before (a saved rule) are named once, as far as they are shown.
  useEffect(() => {
    if (!unnamed) return;
    const controller = new AbortController();
    for (const id of unnamed.split('\n'))
      nameOf(id, controller.signal).then(
        (name) => setNames((known) => new Map(known).set(id, name)),
        () => undefined,
      );
    return () => controller.abort();
  }, [unnamed, nameOf]);

  const add = (item: PickerItem | null) => {
    if (!item || value.includes(item.id)) return;
    setNames((known) => new Map(known).set(item.id, item.name));
    onChange([...value, item.id]);
  };

  return (
    <Stack gap="2">
      <SearchPicker key={value.length} label={addLabel} width="full" value="" lookup={lookup} onChange={add} />
      {value.length > 0 && (
        <Wrap gap="1.5" role="list" aria-label={label}>
          {shown.map((id) => {
            const name = names.get(id) ?? '…';
            return (
              <HStack key={id} role="listitem" gap="1" borderWidth="1px" borderRadius="full" ps="2.5" pe="1" fontSize="sm">
                <Text>{name}</Text>
                <Button size="2xs" variant="ghost" aria-label={`Remove ${name}`} onClick={() => onChange(value.filter((other) => other !== id))}>
                  ×
                </Button>
              </HStack>
            );
          })}
          {value.length > SHOWN && (
            <Text role="listitem" fontSize="sm" color="fg.muted">
              and {value.length - SHOWN} more
            </Text>
          )}
        </Wrap>
      )}
    </Stack>
  );
}
