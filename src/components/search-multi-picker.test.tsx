import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { useState } from 'react';
import { SearchMultiPicker } from './search-multi-picker';

afterEach(cleanup);

const VEHICLES = Array.from({ length: 3000 }, (_, i) => ({ id: `v${i}`, name: `Coach ${i}` }));

function setUp(initial: string[]) {
  const lookup = vi.fn(async (search: string) => VEHICLES.filter((v) => v.name.endsWith(` ${search}`) || !search).slice(0, 20));
  const nameOf = vi.fn(async (id: string) => VEHICLES.find((v) => v.id === id)!.name);
  let latest = initial;
  function Host() {
    const [ids, setIds] = useState(initial);
    latest = ids;
    return <SearchMultiPicker label="Vehicles" addLabel="Add a vehicle" value={ids} lookup={lookup} nameOf={nameOf} onChange={setIds} />;
  }
  render(
    <ChakraProvider value={defaultSystem}>
      <Host />
    </ChakraProvider>,
  );
  return { nameOf, chosen: () => latest };
}

describe('SearchMultiPicker', () => {
  it('names the vehicles a saved rule chose, adds one found by typing and removes one', async () => {
    const { nameOf, chosen } = setUp(['v2500']);
    const list = screen.getByRole('list', { name: 'Vehicles' });
    await waitFor(() => expect(within(list).getByText('Coach 2500')).toBeTruthy());
    expect(nameOf).toHaveBeenCalledTimes(1);
    const box = screen.getByRole('combobox', { name: 'Add a vehicle' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '2999' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Coach 2999' }));
    expect(chosen()).toEqual(['v2500', 'v2999']);
    // Picked, its name is known: not asked again.
    expect(within(screen.getByRole('list', { name: 'Vehicles' })).getByText('Coach 2999')).toBeTruthy();
    expect(nameOf).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Remove Coach 2500' }));
    expect(chosen()).toEqual(['v2999']);
  });

  it('names the first 20 of a long choice and counts the rest', async () => {
    const { nameOf } = setUp(VEHICLES.slice(0, 50).map((v) => v.id));
    await waitFor(() => expect(screen.getByText('Coach 19')).toBeTruthy());
    expect(screen.getByText('and 30 more')).toBeTruthy();
    expect(nameOf).toHaveBeenCalledTimes(20);
  });
});
