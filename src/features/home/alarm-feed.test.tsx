import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { incidentRow, ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import type { Incident, IncidentDetail } from '../../../streams/alarms/incidents';
import { renderLive } from '../../test-support/render-live';
import { AlarmFeed } from './alarm-feed';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

const alarm = (id: string, vehicleName: string, patch: Partial<IncidentDetail['alarms'][number]> = {}): IncidentDetail['alarms'][number] => ({
  id,
  vehicleId: `v-${id}`,
  vehicleName,
  fleetId: 'f1',
  deviceType: 'system',
  deviceId: 0,
  kind: 'low_tyre_pressure',
  severity: 'major',
  message: 'Tyre pressure low (1.6 bar)',
  startedAt: '2026-01-01T00:00:00.000Z',
  endedAt: null,
  ack: null,
  inhibited: false,
  ...patch,
});

/** A server holding `incidents`: a page of them with counts over a larger total, each one's alarms, and the acknowledgement. */
async function showFeed(incidents: Incident[], alarms: Record<string, IncidentDetail['alarms']>) {
  live = await startFakeConsole({
    'GET /customization/incident/v1/query/list': () => Response.json(ok({ rows: incidents, total: 41, counts: { critical: 4, major: 30, minor: 7 } })),
    'GET /customization/incident/v1/get/detail': (url) => {
      const incident = incidents.find((i) => i.id === url.searchParams.get('incidentId'))!;
      return Response.json(ok({ ...incident, alarms: alarms[incident.id] ?? [] }));
    },
    'POST /customization/incident/v1/ack/single': (_url, init) => {
      const body = JSON.parse(String(init.body)) as { incidentId: string; note?: string };
      const at = incidents.findIndex((i) => i.id === body.incidentId);
      incidents[at] = { ...incidents[at]!, ack: { by: 'Ops', at: '2026-01-01T00:05:00.000Z', note: body.note ?? null } };
      return Response.json(ok(incidents[at]));
    },
  });
  await renderLive(live.console, <AlarmFeed fleetId={null} severity={null} onSeverity={() => undefined} />);
}

describe('AlarmFeed', () => {
  it('shows one row per incident, counts over all incidents, and opens an incident to its alarms, inhibited ones marked', async () => {
    await showFeed(
      [
        incidentRow('1'),
        incidentRow('2', {
          rule: 'outage',
          kind: 'comm_lost',
          severity: 'critical',
          title: 'Gateway lost contact on Van 104',
          vehicleId: 'v-104',
          vehicleCount: 1,
          alarmCounts: { critical: 1, major: 1, minor: 0 },
        }),
      ],
      {
        '2': [
          alarm('20', 'Van 104', { kind: 'comm_lost', severity: 'critical', message: 'Gateway lost contact' }),
          alarm('21', 'Van 104', { kind: 'low_soc', message: 'Battery SOC low (12%)', inhibited: true }),
        ],
      },
    );
    const rows = await screen.findAllByTestId('incident-row');
    expect(rows.map((row) => within(row).getByTestId('incident-title').textContent)).toEqual([
      'Tyre pressure low on 3 vehicles at Munich depot',
      'Gateway lost contact on Van 104',
    ]);
    expect(within(rows[0]!).getByTestId('incident-extent').textContent).toBe('3 vehicles · 3 alarms');
    expect(within(rows[1]!).getByTestId('incident-extent').textContent).toBe('1 vehicle · 2 alarms');
    // The counts are the server's, over all 41 incidents, not the two loaded.
    expect(screen.getByTestId('incident-total').textContent).toBe('41 incidents');
    expect(screen.getByTestId('incident-count-major').textContent).toBe('30');
    expect(screen.queryAllByTestId('alarm-item')).toHaveLength(0);

    const toggle = within(rows[1]!).getByRole('button', { name: /Gateway lost contact on Van 104/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const items = await within(rows[1]!).findAllByTestId('alarm-item');
    expect(items.map((item) => item.getAttribute('href'))).toEqual(['/home/alarm/page?alarmId=20', '/home/alarm/page?alarmId=21']);
    expect(within(items[0]!).queryByTestId('alarm-inhibited')).toBeNull();
    expect(within(items[1]!).getByTestId('alarm-inhibited').textContent).toBe('Held under the gateway outage');
  });

  it('shows the escalation step live when cmd 165 says the incident escalated', async () => {
    await showFeed([incidentRow('1')], {});
    const step = await screen.findByTestId('incident-step');
    expect(step.textContent).toBe('With the operator');
    live!.send({ cmd: 165, data: { incidentId: '1', fleetId: 'f1', type: 'escalated', escalationStep: 'fleet_manager' } });
    await expect.poll(() => screen.getByTestId('incident-step').textContent).toBe('Escalated to fleet manager');
  });

  it('acknowledges an incident with a note, and shows who acknowledged it', async () => {
    await showFeed([incidentRow('1')], {});
    const row = await screen.findByTestId('incident-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Its 3 alarms are acknowledged with it.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Note/ }), { target: { value: 'Tyre service on its way' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    const note = await within(row).findByTestId('alarm-ack');
    expect(note.textContent).toMatch(/^Acknowledged by Ops at \d\d:\d\d · Tyre service on its way$/);
    expect(within(row).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
  });
});
