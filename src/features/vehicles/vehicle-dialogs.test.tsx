import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { VehicleListRow } from '../../../contract/api/types';
import { ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import { TransferDialog } from './vehicle-dialogs';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

const place = (id: string, name: string, fleetId: string | null, placeable: boolean) => ({
  id,
  name,
  ...(fleetId ? { fleetId } : {}),
  status: 'active',
  allowed: placeable ? ['placeVehicles'] : [],
});
const page = (rows: unknown[]) => Response.json(ok({ rows, total: rows.length }));

// A sub-fleet manager: their own fleet whole, a fleet where they manage one sub-fleet, and a fleet
// they see but may put nothing in.
const FLEETS = [place('f-own', 'Own Fleet', null, true), place('f-sub', 'Shared Fleet', null, false), place('f-none', 'Other Fleet', null, false)];
const SUB_FLEETS = [place('s-mine', 'My Sub-fleet', 'f-sub', true), place('s-theirs', 'Their Sub-fleet', 'f-none', false)];

describe('Transfer', () => {
  it('offers only the fleets and sub-fleets the caller may place vehicles in, searched on the server', { timeout: 20_000 }, async () => {
    const moved: unknown[] = [];
    const detailed: string[] = [];
    live = await startFakeConsole({
      'GET /customization/fleet/v1/query/list': (url) => page(FLEETS.filter((f) => f.name.includes(url.searchParams.get('name') ?? ''))),
      'GET /customization/fleet/v1/get/detail': (url) => {
        detailed.push(url.searchParams.get('fleetId') ?? '');
        return Response.json(ok(FLEETS.find((f) => f.id === url.searchParams.get('fleetId'))));
      },
      'GET /customization/subfleet/v1/query/list': (url) => page(SUB_FLEETS.filter((s) => s.fleetId === url.searchParams.get('fleetId'))),
      'GET /customization/depot/v1/query/list': () => page([]),
      'POST /customization/grouplog/v1/add/transfer': async (_url, init) => {
        moved.push(JSON.parse(String(init.body)));
        return Response.json(ok({ id: 'log-1' }));
      },
    });
    const vehicle = { id: 'v1', name: 'Coach 1', fleetId: 'f-own', subFleetId: null, depotId: null } as unknown as VehicleListRow;
    await renderLive(live.console, <TransferDialog vehicles={[vehicle]} onClose={() => undefined} />);

    const fleet = await screen.findByRole('combobox', { name: 'Fleet' }, { timeout: 10_000 });
    await waitFor(() => expect((fleet as HTMLInputElement).value).toBe('Own Fleet'));
    fireEvent.focus(fleet);
    const offered = async (label: string) => {
      const list = await screen.findByRole('listbox', { name: label });
      await waitFor(() => expect(list.textContent).not.toContain('Searching'), { timeout: 5000 });
      return [...list.querySelectorAll('[role="option"]')].map((option) => option.textContent);
    };
    expect(await offered('Fleet')).toEqual(['Own Fleet', 'Shared Fleet']);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'Shared Fleet' }));

    // Not theirs as a whole, once its places are known: their sub-fleet is asked for.
    await waitFor(() => expect(detailed).toContain('f-sub'), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await screen.findByText('Please select a sub-fleet or depot you manage!', {}, { timeout: 5000 });
    fireEvent.focus(screen.getByRole('combobox', { name: 'Sub-fleet' }));
    expect(await offered('Sub-fleet')).toEqual(['None', 'My Sub-fleet']);
    fireEvent.mouseDown(screen.getByRole('option', { name: 'My Sub-fleet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    await waitFor(() => expect(moved).toHaveLength(1), { timeout: 5000 });
    expect(JSON.stringify(moved[0])).toContain('"subFleetId":"s-mine"');
  });
});
