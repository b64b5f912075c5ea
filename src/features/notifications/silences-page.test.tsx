import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { navigate } from '../../lib/navigation';
import { NOTIFICATION_MESSAGES } from '../../lib/notification-rules';
import { renderLive } from '../../test-support/render-live';
import SilencesPage from './silences-page';

// jsdom lays nothing out; give the list's scroller a size so the virtualiser draws rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const page = (rows: unknown[]) => Response.json(ok({ rows, total: rows.length }));
const FLEET = { id: 'f1', name: 'North Fleet', status: 'active' };
const silence = (patch: object) => ({
  id: '1',
  fleetId: 'f1',
  matchers: {},
  startsAt: '2026-11-27T08:00:00.000Z',
  endsAt: '2026-11-28T08:00:00.000Z',
  reason: 'Depot power works',
  createdBy: 'ops',
  createdAt: '2026-11-27T08:00:00.000Z',
  state: 'active',
  ...patch,
});
const localIn = (ms: number) => {
  const d = new Date(Date.now() + ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

let live: FakeConsole | undefined;
const listed: URLSearchParams[] = [];
const posted: unknown[] = [];
beforeEach(() => {
  listed.length = 0;
  posted.length = 0;
  navigate('/notifications/silences');
});
afterEach(() => {
  cleanup();
  live?.stop();
});

async function showPage(rows: unknown[], add?: (body: unknown) => Response) {
  live = await startFakeConsole({
    'GET /customization/fleet/v1/query/list': () => page([FLEET]),
    'GET /customization/fleet/v1/get/detail': () => Response.json(ok(FLEET)),
    'GET /customization/subfleet/v1/query/list': () => page([{ id: 's1', name: 'Vans', fleetId: 'f1', status: 'active' }]),
    'GET /customization/depot/v1/query/list': () => page([{ id: 'd1', name: 'Munich depot', fleetId: 'f1', status: 'active' }]),
    'GET /customization/silence/v1/query/list': (url) => {
      listed.push(url.searchParams);
      const state = url.searchParams.get('state');
      return page(rows.filter((r) => !state || (r as { state: string }).state === state));
    },
    'POST /customization/silence/v1/add/single': (_url, init) => {
      const body: unknown = JSON.parse(String(init.body));
      posted.push(body);
      return add ? add(body) : Response.json(ok(silence(body as object)));
    },
  });
  await renderLive(live.console, <SilencesPage />);
}

describe('SilencesPage', () => {
  it('lists silences with their state and what they cover, and keeps the state filter in the URL', { timeout: 20_000 }, async () => {
    await showPage([
      silence({ id: '1', matchers: { depotId: 'd1', kind: 'low_tyre_pressure' } }),
      silence({ id: '2', state: 'expired', reason: 'Workshop visit', matchers: { subFleetId: 's1', severity: 'minor' } }),
    ]);
    const first = await screen.findByRole('row', { name: /Depot power works/ });
    await waitFor(() => expect(first.textContent).toContain('depot Munich depot, Tyre pressure low'));
    expect(first.textContent).toContain('Active');
    expect(within(first).getByRole('button', { name: 'Expire silence Depot power works' })).toBeTruthy();
    const expired = screen.getByRole('row', { name: /Workshop visit/ });
    expect(expired.textContent).toContain('sub-fleet Vans, minor only');
    // An expired silence can only be deleted.
    expect(within(expired).queryByRole('button', { name: /Expire/ })).toBeNull();

    fireEvent.change(screen.getByRole('combobox', { name: 'State' }), { target: { value: 'active' } });
    await waitFor(() => expect(window.location.search).toBe('?state=active'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Workshop visit/ })).toBeNull());
    expect(listed.at(-1)?.get('state')).toBe('active');
  });

  it('checks the form as the server does: fleet, end within 31 days, reason', { timeout: 20_000 }, async () => {
    navigate('/notifications/silences?fleetId=f1');
    await showPage([]);
    fireEvent.click(await screen.findByRole('button', { name: 'Add silence' }));
    const form = await screen.findByRole('form', { name: 'Add silence' });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText(NOTIFICATION_MESSAGES.endRequired);
    expect(within(form).getByText(NOTIFICATION_MESSAGES.reasonRequired)).toBeTruthy();

    const ends = within(form).getByLabelText(/^Ends/);
    fireEvent.change(ends, { target: { value: localIn(32 * 24 * 3600_000) } });
    await within(form).findByText(NOTIFICATION_MESSAGES.tooLong);
    fireEvent.change(ends, { target: { value: localIn(-3600_000) } });
    await within(form).findByText(NOTIFICATION_MESSAGES.endBeforeStart);
    const starts = within(form).getByLabelText(/^Starts/);
    fireEvent.change(starts, { target: { value: localIn(-3 * 3600_000) } });
    await within(form).findByText(NOTIFICATION_MESSAGES.endPassed);
    fireEvent.change(starts, { target: { value: '' } });
    expect(posted).toEqual([]);

    fireEvent.change(ends, { target: { value: localIn(2 * 3600_000) } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Depot power works' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /Alarm kind/ }), { target: { value: 'comm_lost' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ fleetId: 'f1', matchers: { kind: 'comm_lost' }, reason: 'Depot power works' });
    expect(posted[0]).not.toHaveProperty('startsAt');
  });

  it("shows the server's refusal at the matcher it names", { timeout: 20_000 }, async () => {
    navigate('/notifications/silences?fleetId=f1');
    await showPage([], () => Response.json({ code: 400, msg: 'matchers.depotId: no such depot in this fleet', data: null }, { status: 400 }));
    fireEvent.click(await screen.findByRole('button', { name: 'Add silence' }));
    const form = await screen.findByRole('form', { name: 'Add silence' });
    fireEvent.change(within(form).getByLabelText(/^Ends/), { target: { value: localIn(3600_000) } });
    fireEvent.change(within(form).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Outage' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    const error = await within(form).findByTestId('field-error');
    expect(error.textContent).toMatch(/no such depot in this fleet/i);
    expect(error.closest('[role="group"], div')?.textContent).toContain('Depot');
  });
});
