import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { useState } from 'react';
import { type PickerItem, SearchPicker } from './search-picker';

afterEach(cleanup);

// A fleet of 2,000 fleets, of which the server answers the first 20 matches.
const FLEETS = Array.from({ length: 2000 }, (_, i) => ({ id: `fleet-${i}`, name: `Fleet ${String(i).padStart(4, '0')}` }));

function setUp(initial = '', nameOf?: (id: string) => Promise<string>) {
  const asked: string[] = [];
  const signals: AbortSignal[] = [];
  const lookup = vi.fn(async (search: string, signal: AbortSignal) => {
    asked.push(search);
    signals.push(signal);
    return FLEETS.filter((f) => f.name.toLowerCase().includes(search.toLowerCase())).slice(0, 20);
  });
  const changes: Array<PickerItem | null> = [];
  function Host() {
    const [value, setValue] = useState(initial);
    return (
      <SearchPicker
        label="Fleet"
        none="All fleets"
        value={value}
        lookup={lookup}
        nameOf={nameOf}
        debounceMs={0}
        onChange={(item) => {
          changes.push(item);
          setValue(item?.id ?? '');
        }}
      />
    );
  }
  render(
    <ChakraProvider value={defaultSystem}>
      <Host />
    </ChakraProvider>,
  );
  return { asked, signals, changes, box: screen.getByRole('combobox', { name: 'Fleet' }) as HTMLInputElement };
}

describe('SearchPicker', () => {
  it('asks the server for what is typed and picks an item far beyond the first page', async () => {
    const { asked, changes, box } = setUp();
    fireEvent.focus(box);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(21));
    expect(screen.queryByRole('option', { name: 'Fleet 1999' })).toBeNull();
    fireEvent.change(box, { target: { value: '1999' } });
    const option = await screen.findByRole('option', { name: 'Fleet 1999' });
    fireEvent.mouseDown(option);
    expect(changes).toEqual([{ id: 'fleet-1999', name: 'Fleet 1999' }]);
    expect(asked).toEqual(['', '1999']);
    // Chosen, it stays shown by its name.
    expect(box.value).toBe('Fleet 1999');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('aborts the search of a text typed over before it answers', async () => {
    const { signals, box } = setUp();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '12' } });
    fireEvent.change(box, { target: { value: '123' } });
    await screen.findByRole('option', { name: 'Fleet 0123' });
    expect(signals.slice(0, -1).every((signal) => signal.aborted)).toBe(true);
    expect(signals.at(-1)!.aborted).toBe(false);
  });

  it('shows a chosen id from the address by its name, though it is in no answered page', async () => {
    const nameOf = vi.fn(async (id: string) => FLEETS.find((f) => f.id === id)!.name);
    const { box } = setUp('fleet-1500', nameOf);
    await waitFor(() => expect(box.value).toBe('Fleet 1500'));
    expect(nameOf).toHaveBeenCalledWith('fleet-1500', expect.anything());
  });

  it('is chosen with the keyboard, and its none choice clears it', async () => {
    const { changes, box } = setUp();
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '0042' } });
    await screen.findByRole('option', { name: 'Fleet 0042' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(changes.at(-1)).toEqual({ id: 'fleet-42', name: 'Fleet 0042' });
    fireEvent.focus(box);
    await screen.findByRole('option', { name: 'All fleets' });
    await act(async () => fireEvent.keyDown(box, { key: 'Enter' }));
    expect(changes.at(-1)).toBeNull();
    expect(box.value).toBe('');
  });
});
