// A chooser for a collection too large to list whole (a fleet of 100,000 vehicles, 2,000 fleets):
// typing asks the server for the first matches (the resource's `lookup`), and a chosen item stays
// shown by its name whether or not it is among them.
import { useEffect, useId, useRef, useState } from 'react';
import { Box, Input, Text } from '@chakra-ui/react';

export interface PickerItem {
  id: string;
  name: string;
}

export interface SearchPickerProps {
  /** The field's accessible name and placeholder. */
  label: string;
  /** The chosen item's id; empty: none (the `none` choice). */
  value: string;
  /** The first matches of what was typed (all when empty); aborted when the text changes again. */
  lookup: (search: string, signal: AbortSignal) => Promise<PickerItem[]>;
  /** The chosen item's name, for an id the page got from its address rather than from a pick. */
  nameOf?: (id: string, signal: AbortSignal) => Promise<string>;
  onChange: (item: PickerItem | null) => void;
  /** The choice that clears it ("All fleets"); left out, the picker cannot be emptied. */
  none?: string;
  /** Shown while nothing is chosen, when there is no `none` choice; the label otherwise. */
  placeholder?: string;
  width?: string;
  /** How long typing pauses before the server is asked. */
  debounceMs?: number;
}

export function SearchPicker({ label, value, lookup, nameOf, onChange, none, placeholder, width = '56', debounceMs = 250 }: SearchPickerProps) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [items, setItems] = useState<PickerItem[] | null>(null);
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<PickerItem | null>(null);
  const lookupRef = useRef(lookup);
  lookupRef.current = lookup;
  const listRef = useRef<HTMLUListElement>(null);

  // The chosen item's name: from the pick, else asked once for an id from elsewhere.
  useEffect(() => {
    if (!value || chosen?.id === value || !nameOf) return;
    const controller = new AbortController();
    nameOf(value, controller.signal).then(
      (name) => setChosen({ id: value, name }),
      () => undefined,
    );
    return () => controller.abort();
  }, [value, chosen?.id, nameOf]);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      lookupRef.current(text.trim(), controller.signal).then(
        (found) => {
          setItems(found);
          setActive(0);
        },
        () => undefined,
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, text, debounceMs]);

  // In a dialog whose body scrolls, the list would open cut off below the body's edge: scrolled into view.
  const listLength = items?.length ?? -1;
  useEffect(() => {
    const list = listRef.current;
    if (open && list && 'scrollIntoView' in list) list.scrollIntoView({ block: 'nearest' });
  }, [open, listLength]);

  const shownName = value ? (chosen?.id === value ? chosen.name : '') : '';
  const choices: Array<PickerItem | null> = [...(none ? [null] : []), ...(items ?? [])];
  const pick = (item: PickerItem | null) => {
    setChosen(item);
    setOpen(false);
    setText('');
    setItems(null);
    onChange(item);
  };
  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Box position="relative" width={width}>
      <Input
        size="sm"
        role="combobox"
        aria-label={label}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && choices.length > 0 ? optionId(active) : undefined}
        placeholder={value ? shownName || label : (none ?? placeholder ?? label)}
        value={open ? text : shownName}
        onFocus={() => setOpen(true)}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
        }}
        onBlur={() => setOpen(false)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((i) => Math.min(i + 1, choices.length - 1));
          else if (event.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (event.key === 'Escape') setOpen(false);
          else if (event.key === 'Enter' && open && choices.length > 0) pick(choices[Math.min(active, choices.length - 1)] ?? null);
          else return;
          event.preventDefault();
        }}
      />
      {open && (
        <Box
          as="ul"
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={label}
          position="absolute"
          zIndex="dropdown"
          top="100%"
          mt="1"
          width="full"
          minWidth="56"
          maxHeight="72"
          overflowY="auto"
          bg="bg.panel"
          borderWidth="1px"
          borderRadius="md"
          boxShadow="md"
          py="1"
        >
          {choices.map((item, index) => (
            <Box
              as="li"
              key={item?.id ?? ''}
              id={optionId(index)}
              role="option"
              aria-selected={(item?.id ?? '') === value}
              px="3"
              py="1.5"
              fontSize="sm"
              cursor="pointer"
              bg={index === active ? 'bg.muted' : undefined}
              // Chosen before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(item);
              }}
              onMouseEnter={() => setActive(index)}
            >
              {item ? item.name : none}
            </Box>
          ))}
          {items === null && (
            <Text as="li" px="3" py="1.5" fontSize="sm" color="fg.muted">
              Searching…
            </Text>
          )}
          {items !== null && items.length === 0 && (
            <Text as="li" px="3" py="1.5" fontSize="sm" color="fg.muted">
              Nothing matches.
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
