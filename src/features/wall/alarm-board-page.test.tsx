import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { incidentRow, ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import AlarmBoardPage from './alarm-board-page';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

const loaded = Array.from({ length: 50 }, (_, n) => incidentRow(String(n + 1), { severity: n < 5 ? 'critical' : 'major', title: `Incident ${n + 1}` }));

async function showBoard(options: { wallDisplay?: boolean } = {}) {
  live = await startFakeConsole({
    // 93 incidents: the page holds 50, the counts cover all 93.
    'GET /customization/incident/v1/query/list': ok({ rows: loaded, total: 93, counts: { critical: 9, major: 70, minor: 14 } }),
    'GET /customization/incident/v1/get/detail': (url) =>
      Response.json(
        ok({
          ...loaded.find((i) => i.id === url.searchParams.get('incidentId')),
          alarms: [
            {
              id: '70',
              vehicleId: 'v1',
              vehicleName: 'Van 7',
              fleetId: 'f1',
              deviceType: 'bms',
              deviceId: 0,
              kind: 'low_soc',
              severity: 'critical',
              message: 'Battery SOC low (4%)',
              startedAt: '2026-01-01T00:00:00.000Z',
              endedAt: null,
              ack: null,
              inhibited: true,
            },
          ],
        }),
      ),
    'GET /customization/fleet/v1/query/list': ok({ rows: [{ id: 'f1', name: 'North' }], total: 1 }),
  });
  if (options.wallDisplay) live.console.session.set('wallDisplay', true);
  await renderLive(live.console, <AlarmBoardPage />);
}

describe('AlarmBoardPage', () => {
  it('counts every incident by severity, not only the 50 loaded, most severe first', async () => {
    await showBoard();
    await expect.poll(() => screen.queryAllByTestId('board-incident').length).toBe(50);
    expect(screen.getByTestId('board-total').textContent).toBe('93');
    expect(screen.getByTestId('board-critical').textContent).toBe('9');
    expect(screen.getByTestId('board-major').textContent).toBe('70');
    expect(screen.getByTestId('board-minor').textContent).toBe('14');
    const titles = screen.getAllByTestId('incident-title').map((title) => title.textContent);
    expect(titles.slice(0, 5)).toEqual(['Incident 1', 'Incident 2', 'Incident 3', 'Incident 4', 'Incident 5']);
    // Each row names its fleet.
    await expect.poll(() => screen.getAllByTestId('board-incident')[0]!.textContent).toContain('North');
  });

  it('opens an incident to its alarms on a read-only wall, with no buttons to act', async () => {
    await showBoard({ wallDisplay: true });
    const row = (await screen.findAllByTestId('board-incident'))[0]!;
    expect(within(row).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(row).queryByRole('button', { name: "I'm on it" })).toBeNull();
    fireEvent.click(within(row).getByRole('button', { name: /Incident 1/ }));
    const alarm = await within(row).findByTestId('board-alarm');
    expect(alarm.textContent).toContain('Battery SOC low (4%)');
    expect(within(alarm).getByTestId('alarm-inhibited').textContent).toBe('Held under the gateway outage');
  });
});
