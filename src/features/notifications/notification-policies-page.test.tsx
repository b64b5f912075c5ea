import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { NotificationPolicy } from '../../../contract/entities/notification-policy';
import { ok, type FakeRoute } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import NotificationPoliciesPage from './notification-policies-page';

const page = (rows: unknown[]) => ok({ rows, total: rows.length });
const TREE: NotificationPolicy[] = [
  {
    id: 'root',
    parentId: null,
    matchers: {},
    contactPointIds: ['c1'],
    groupBy: ['incident'],
    groupWaitSeconds: 30,
    groupIntervalSeconds: 300,
    repeatIntervalSeconds: 14_400,
    muteTimingIds: [],
    continue: false,
  },
  { id: 'north', parentId: 'root', matchers: { subFleetIds: ['s1'] }, muteTimingIds: [], continue: true },
  {
    id: 'munich',
    parentId: 'root',
    matchers: { depotIds: ['d1'], kinds: ['low_tyre_pressure'], severities: ['critical'] },
    contactPointIds: ['c2'],
    repeatIntervalSeconds: 3600,
    muteTimingIds: ['7'],
    continue: false,
  },
  { id: 'north-night', parentId: 'north', matchers: { severities: ['minor'] }, muteTimingIds: [], continue: false },
];

let live: FakeConsole | undefined;
let saved: unknown;
afterEach(() => {
  cleanup();
  live?.stop();
  saved = undefined;
});

async function showPage(
  save: FakeRoute = (_url, init) => (
    (saved = JSON.parse(String(init.body))),
    Response.json({ code: 200, msg: 'Saved', data: { fleetId: 'f1', policies: TREE, updatedAt: '2026-11-27T10:00:00.000Z', updatedBy: 'ops' } })
  ),
) {
  live = await startFakeConsole({
    'GET /customization/fleet/v1/query/list': page([{ id: 'f1', name: 'Bavaria' }]),
    'GET /customization/subfleet/v1/query/list': page([{ id: 's1', name: 'North', fleetId: 'f1' }]),
    'GET /customization/depot/v1/query/list': page([{ id: 'd1', name: 'Munich depot', fleetId: 'f1' }]),
    'GET /customization/contact-point/v1/query/list': page([
      { id: 'c1', name: 'Control room', fleetId: 'f1' },
      { id: 'c2', name: 'Tyre service', fleetId: 'f1' },
    ]),
    'GET /customization/mute-timing/v1/query/list': page([{ id: '7', name: 'Nights' }]),
    'GET /customization/notification-policy/v1/get/tree': ok({ fleetId: 'f1', policies: TREE, updatedAt: null, updatedBy: null }),
    'PUT /customization/notification-policy/v1/update/tree': save,
  });
  await renderLive(live.console, <NotificationPoliciesPage />);
  await screen.findByText('Munich depot · Tyre pressure low · critical');
}

const nodes = () => screen.getAllByTestId('policy-node');

describe('NotificationPoliciesPage', () => {
  it('shows the tree root first, each node’s children under it, in words with names', async () => {
    await showPage();
    await waitFor(() => expect(within(nodes()[0]!).getByTestId('policy-contact-points').textContent).toBe('Sends to Control room'));
    expect(nodes().map((n) => `${n.getAttribute('aria-level')} ${within(n).getByTestId('policy-matchers').textContent}`)).toEqual([
      '1 Every alarm of the fleet',
      '2 North',
      '3 minor',
      '2 Munich depot · Tyre pressure low · critical',
    ]);
    expect(within(nodes()[0]!).getByTestId('policy-timings').textContent).toBe('wait 30 s · every 5 min · repeat 4 h · grouped by each incident');
    const munich = nodes()[3]!;
    expect(within(munich).getByTestId('policy-contact-points').textContent).toBe('Sends to Tyre service');
    expect(within(munich).getByTestId('policy-timings').textContent).toBe('repeat 1 h');
    await waitFor(() => expect(within(munich).getByTestId('policy-muted').textContent).toBe('Muted during Nights'));
    expect(within(nodes()[1]!).getByText('continue')).toBeTruthy();
    expect(within(nodes()[1]!).getByTestId('policy-contact-points').textContent).toBe('Sends to its parent’s contact points');
  });

  it('refuses a repeat interval shorter than the inherited group interval in the node dialog, then adds the child to the saved tree', { timeout: 30_000 }, async () => {
    await showPage();
    fireEvent.click(screen.getByRole('button', { name: 'Add child to Munich depot · Tyre pressure low · critical' }));
    const form = await screen.findByRole('form', { name: 'Add policy' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Major' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Repeat interval' }), { target: { value: '2' } });
    fireEvent.change(within(form).getByRole('combobox', { name: 'Repeat interval unit' }), { target: { value: 'min' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Done' }));
    expect((await within(form).findByTestId('field-error')).textContent).toBe('Repeat interval must be at least the group interval (5 min)!');

    fireEvent.change(within(form).getByRole('textbox', { name: 'Repeat interval' }), { target: { value: '10' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(nodes().map((n) => within(n).getByTestId('policy-matchers').textContent)).toContain('major');

    fireEvent.click(await screen.findByRole('button', { name: 'Save tree' }));
    await waitFor(() => expect(saved).toBeDefined());
    const policies = (saved as { policies: NotificationPolicy[] }).policies;
    expect(policies.at(-1)).toEqual({
      id: 'policy-4',
      parentId: 'munich',
      matchers: { severities: ['major'] },
      repeatIntervalSeconds: 600,
      muteTimingIds: [],
      continue: false,
    });
  });

  it('shows the server’s refusal naming the node, and at its field when that node is opened', { timeout: 20_000 }, async () => {
    await showPage(() => Response.json({ code: 400, msg: 'policies.2.matchers.depotIds: no depot d1 in this fleet', data: null }, { status: 400 }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete minor' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(nodes()).toHaveLength(3));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    fireEvent.click(await screen.findByRole('button', { name: 'Save tree' }));
    expect((await screen.findByTestId('tree-refusal')).textContent).toContain('Munich depot · Tyre pressure low · critical: Depots: no depot d1 in this fleet');
    fireEvent.click(screen.getByRole('button', { name: 'Edit this policy' }));
    const form = await screen.findByRole('form', { name: 'Edit policy' });
    expect(within(form).getByTestId('field-error').textContent).toBe('Depots: no depot d1 in this fleet');
  });
});
