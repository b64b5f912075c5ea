import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { navigate } from '../../lib/navigation';
import { renderLive } from '../../test-support/render-live';
import NotificationLogPage from './notification-log-page';

// jsdom lays nothing out; give the list's scroller a size so the virtualiser draws rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

const page = (rows: unknown[]) => Response.json(ok({ rows, total: rows.length }));
const delivery = (patch: object) => ({
  id: '1',
  notificationId: 'n1',
  fleetId: 'f1',
  incidentId: null,
  contactPointId: 'c1',
  contactPointName: 'Control room hook',
  channel: 'webhook',
  recipient: 'http://hooks.test',
  kind: 'firing',
  severity: 'major',
  title: 'Tyre pressure low on 3 vehicles',
  outcome: 'sent',
  attempts: 1,
  error: null,
  createdAt: '2026-11-27T08:00:00.000Z',
  lastAttemptAt: '2026-11-27T08:00:01.000Z',
  nextAttemptAt: null,
  sentAt: '2026-11-27T08:00:01.000Z',
  ...patch,
});
const DEAD = delivery({ id: '2', outcome: 'dead', attempts: 5, error: 'the receiver answered 503', sentAt: null });

let live: FakeConsole | undefined;
const listed: URLSearchParams[] = [];
const retried: unknown[] = [];
beforeEach(() => {
  listed.length = 0;
  retried.length = 0;
  navigate('/notifications/log');
});
afterEach(() => {
  cleanup();
  live?.stop();
});

async function showPage() {
  let dead = DEAD;
  live = await startFakeConsole({
    'GET /customization/fleet/v1/query/list': () => page([{ id: 'f1', name: 'North Fleet', status: 'active' }]),
    'GET /customization/contact-point/v1/query/list': () => page([{ id: 'c1', name: 'Control room hook' }]),
    'GET /customization/notification/v1/query/list': (url) => {
      listed.push(url.searchParams);
      const outcome = url.searchParams.get('outcome');
      return page([delivery({}), dead].filter((d) => !outcome || d.outcome === outcome));
    },
    'POST /customization/notification/v1/update/retry': (_url, init) => {
      retried.push(JSON.parse(String(init.body)));
      dead = { ...DEAD, outcome: 'pending', error: null };
      return Response.json(ok(dead));
    },
  });
  await renderLive(live.console, <NotificationLogPage />);
}

describe('NotificationLogPage', () => {
  it('lists every send with its outcome and why one did not go, filters in the URL', { timeout: 20_000 }, async () => {
    await showPage();
    const sent = await screen.findByRole('row', { name: /Sent/ });
    expect(sent.textContent).toContain('Control room hook');
    expect(sent.textContent).toContain('North Fleet');
    const dead = screen.getByRole('row', { name: /Dead letter/ });
    expect(dead.textContent).toContain('the receiver answered 503');

    fireEvent.change(screen.getByRole('combobox', { name: 'Channel' }), { target: { value: 'webhook' } });
    await waitFor(() => expect(listed.at(-1)?.get('channel')).toBe('webhook'));
    fireEvent.change(screen.getByLabelText('Created from'), { target: { value: '2026-11-27T10:00' } });
    await waitFor(() => expect(listed.at(-1)?.get('from')).toBe(new Date('2026-11-27T10:00').toISOString()));
    expect(window.location.search).toBe('?channel=webhook&from=2026-11-27T10%3A00');

    // An end before the start is said, and not asked of the server.
    fireEvent.change(screen.getByLabelText('Created before'), { target: { value: '2026-11-27T09:00' } });
    await screen.findByText('The end must be after the start!');
    expect(listed.at(-1)?.get('to')).toBeNull();
  });

  it('shows the dead letters, and Retry queues one again', { timeout: 20_000 }, async () => {
    await showPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Dead letters' }));
    await waitFor(() => expect(listed.at(-1)?.get('outcome')).toBe('dead'));
    await waitFor(() => expect(screen.queryByRole('row', { name: /Sent/ })).toBeNull());
    const row = screen.getByRole('row', { name: /Dead letter/ });
    fireEvent.click(within(row).getByRole('button', { name: 'Retry Tyre pressure low on 3 vehicles to http://hooks.test' }));
    await waitFor(() => expect(retried).toEqual([{ deliveryId: '2' }]));
    // The log reloads: queued again, it is no dead letter any more.
    await screen.findByText('No dead letters: every send went, or is still being tried.');
  });
});
