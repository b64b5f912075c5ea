import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { navigate } from '../../lib/navigation';
import { NOTIFICATION_MESSAGES } from '../../lib/notification-rules';
import { renderLive } from '../../test-support/render-live';
import MuteTimingsPage from './mute-timings-page';

// jsdom lays nothing out; give the list's scroller a size so the virtualiser draws rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const page = (rows: unknown[]) => Response.json(ok({ rows, total: rows.length }));
const FLEETS = [
  { id: 'f1', name: 'North Fleet', status: 'active' },
  { id: 'f2', name: 'South Fleet', status: 'active' },
];
const NIGHTS = {
  id: '4',
  fleetId: 'f1',
  name: 'Munich depot nights',
  timeZone: 'Europe/Berlin',
  intervals: [{ weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'], times: [{ start: '22:00', end: '24:00' }] }, { weekdays: ['saturday', 'sunday'] }],
  createdBy: 'ops',
  updatedAt: '2026-11-27T08:00:00.000Z',
};

let live: FakeConsole | undefined;
const listedFleets: string[] = [];
const written: unknown[] = [];
beforeEach(() => {
  listedFleets.length = 0;
  written.length = 0;
  navigate('/notifications/mute-timings');
});
afterEach(() => {
  cleanup();
  live?.stop();
});

async function showPage() {
  live = await startFakeConsole({
    'GET /customization/fleet/v1/query/list': () => page(FLEETS),
    'GET /customization/mute-timing/v1/query/list': (url) => {
      listedFleets.push(url.searchParams.get('fleetId') ?? '');
      return page(url.searchParams.get('fleetId') === 'f1' ? [NIGHTS] : []);
    },
    'POST /customization/mute-timing/v1/add/single': (_url, init) => {
      written.push(JSON.parse(String(init.body)));
      return Response.json(ok({ ...NIGHTS, id: '5' }));
    },
    'DELETE /customization/mute-timing/v1/delete/single': () =>
      Response.json({ code: 400, msg: 'muteTimingId: notification policy 3 names this mute timing; take it out of the policy first', data: null }, { status: 400 }),
  });
  await renderLive(live.console, <MuteTimingsPage />);
}

describe('MuteTimingsPage', () => {
  it("lists the first fleet's mute timings with when they are in force, and another fleet's from the URL", { timeout: 20_000 }, async () => {
    await showPage();
    const row = await screen.findByRole('row', { name: /Munich depot nights/ });
    expect(row.textContent).toContain('Europe/Berlin');
    expect(row.textContent).toContain('monday:friday 22:00-24:00');
    expect(row.textContent).toContain('saturday:sunday');
    expect(listedFleets[0]).toBe('f1');

    fireEvent.change(screen.getByRole('combobox', { name: 'Fleet' }), { target: { value: 'f2' } });
    await screen.findByText(/^South Fleet has no mute timings yet/);
    expect(window.location.search).toBe('?fleetId=f2');
  });

  it('checks the form as the server does and sends the intervals it reads', { timeout: 20_000 }, async () => {
    await showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Add mute timing' }));
    const form = await screen.findByRole('form', { name: 'Add mute timing to North Fleet' });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Times of day/ }), { target: { value: '22:00-06:00' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Weekdays/ }), { target: { value: 'weekend' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await within(form).findByText(NOTIFICATION_MESSAGES.nameRequired);
    expect(within(form).getByText(NOTIFICATION_MESSAGES.timeOrder)).toBeTruthy();
    expect(within(form).getByText(NOTIFICATION_MESSAGES.weekdays)).toBeTruthy();
    expect(written).toEqual([]);

    fireEvent.change(within(form).getByRole('textbox', { name: /^Name/ }), { target: { value: 'Workshop weekends' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Time zone/ }), { target: { value: 'Europe/Berlin' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Weekdays/ }), { target: { value: 'saturday:sunday' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Times of day/ }), { target: { value: '' } });
    fireEvent.change(within(form).getByRole('combobox', { name: /^Intervals/ }), { target: { value: '2' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Interval 2: Times of day/ }), { target: { value: '22:00-24:00' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Interval 2: Days of the month/ }), { target: { value: '-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]).toEqual({
      fleetId: 'f1',
      name: 'Workshop weekends',
      timeZone: 'Europe/Berlin',
      intervals: [{ weekdays: ['saturday', 'sunday'] }, { times: [{ start: '22:00', end: '24:00' }], daysOfMonth: [-1] }],
    });
  });

  it('says why one a notification policy names cannot be deleted', { timeout: 20_000 }, async () => {
    await showPage();
    const said: string[] = [];
    const notices = live!.console.notices$.subscribe((notice) => said.push(notice.text));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Munich depot nights' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(said[0]).toMatch(/^Notification policy 3 names this mute timing; take it out of the policy first!$/));
    notices.unsubscribe();
    // The dialog stays open, the mute timing listed behind it.
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(screen.getByRole('row', { name: /Munich depot nights/, hidden: true })).toBeTruthy();
  });
});
