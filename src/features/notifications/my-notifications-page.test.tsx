import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok, type FakeRoute } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import MyNotificationsPage from './my-notifications-page';

let live: FakeConsole | undefined;
let saved: unknown;
afterEach(() => {
  cleanup();
  live?.stop();
  saved = undefined;
});

const DEFAULTS = { enabled: true, fleetIds: [], kinds: [], severities: [], channels: [], quietHours: null, updatedAt: null };

async function showPage(save: FakeRoute) {
  live = await startFakeConsole({
    'GET /customization/fleet/v1/query/list': ok({ rows: [{ id: 'f1', name: 'Bavaria' }], total: 1 }),
    'GET /customization/notification-preference/v1/get/mine': ok(DEFAULTS),
    'PUT /customization/notification-preference/v1/update/mine': save,
  });
  await renderLive(live.console, <MyNotificationsPage />);
  return screen.findByRole('form', { name: 'My notifications' });
}

describe('MyNotificationsPage', () => {
  it('saves fleets, severities, channels and quiet hours over midnight on weekdays', { timeout: 20_000 }, async () => {
    const form = await showPage((_url, init) => {
      saved = JSON.parse(String(init.body));
      return Response.json({ code: 200, msg: 'Saved', data: { ...(saved as object), updatedAt: '2026-11-27T10:00:00.000Z' } });
    });
    fireEvent.click(await within(form).findByRole('checkbox', { name: 'Bavaria' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Critical' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'E-mail' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Quiet hours' }));
    fireEvent.change(within(form).getByLabelText(/^From/), { target: { value: '21:30' } });
    fireEvent.change(within(form).getByRole('textbox', { name: /^Time zone/ }), { target: { value: 'Europe/Berlin' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Sat' }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Critical alarms still come through' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toBeDefined());
    expect(saved).toEqual({
      enabled: true,
      fleetIds: ['f1'],
      kinds: [],
      severities: ['critical'],
      channels: ['email'],
      quietHours: { start: '21:30', end: '07:00', timeZone: 'Europe/Berlin', weekdays: ['saturday'], exceptCritical: false },
    });
    await within(form).findByText(/Last saved 2026-11-27/);
  });

  it('asks for a time zone, and shows the server’s refusal at the field it names', { timeout: 20_000 }, async () => {
    const form = await showPage(() => Response.json({ code: 400, msg: 'quietHours.timeZone: unknown time zone Mars/Olympus', data: null }, { status: 400 }));
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Quiet hours' }));
    const zone = await within(form).findByRole('textbox', { name: /^Time zone/ });
    fireEvent.change(zone, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByTestId('field-error')).textContent).toBe('Please fill in the time zone!');

    fireEvent.change(zone, { target: { value: 'Mars/Olympus' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByTestId('field-error').textContent).toBe('Unknown time zone Mars/Olympus!'));
  });
});
