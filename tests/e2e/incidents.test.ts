// Incidents against the real server: alarms of one kind on several vehicles of a depot become one
// incident on /home and on the wall's board, its escalation shows live, it opens to its alarms, and
// acknowledging it (with a note) or taking it on one console shows on another at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../contract/api/types';
import type { Static } from '@sinclair/typebox';
import type { IncidentPageSchema } from '../../contract/entities/incident';
import { launchChromium, screenshot } from './support/chromium';
import { startFleetServer, type FleetServer } from './support/fleet-server';
import { signInAs } from './support/sign-in';

type IncidentPage = Static<typeof IncidentPageSchema>;

let server: FleetServer;
let browser: Browser;
let first: Page;
let second: Page;

beforeAll(async () => {
  // An unacknowledged incident goes to the fleet manager after 5 s here, not 15 min.
  server = await startFleetServer({ vehicles: 30, env: { FLEET_INCIDENT_ESCALATION_S: '5,3600' } });
  browser = await launchChromium();
  // Two consoles, each its own browser session.
  first = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  second = await (await browser.newContext({ viewport: { width: 1920, height: 1080 } })).newPage();
  await signInAs(first, server.url, server.admin);
  await signInAs(second, server.url, server.admin);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const depotWords = (name: string) => (/\bdepot$/i.test(name) ? name : `${name} depot`);

/** Three vehicles of one depot, out of alarm, and the depot's name. */
async function depotVehicles(): Promise<{ vehicles: VehicleSnapshot[]; depot: string }> {
  const { rows } = await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot');
  const byDepot = new Map<string, VehicleSnapshot[]>();
  for (const vehicle of rows) if (vehicle.depotId && vehicle.status !== 'alarm') byDepot.set(vehicle.depotId, [...(byDepot.get(vehicle.depotId) ?? []), vehicle]);
  const [depotId, vehicles] = [...byDepot].find(([, at]) => at.length >= 3)!;
  const depots = await server.adminCall<ApiPage<{ id: string; name: string }>>('GET', '/customization/depot/v1/query/list?pageNum=1&pageSize=500');
  return { vehicles: vehicles.slice(0, 3), depot: depots.rows.find((d) => d.id === depotId)!.name };
}

describe('incidents', () => {
  it('groups alarms on three vehicles of a depot into one incident, escalates it live, and acknowledges it on one console for both', async () => {
    const { vehicles, depot } = await depotVehicles();
    for (const vehicle of vehicles) {
      await server.adminCall('POST', '/test/v1/alarm/record', {
        type: 'raised',
        vehicleId: vehicle.id,
        deviceType: 'system',
        deviceId: 0,
        kind: 'low_tyre_pressure',
        severity: 'major',
        message: 'Tyre pressure low (1.6 bar)',
      });
      await server.adminCall('POST', '/test/v1/vehicle/status', { vehicleId: vehicle.id, status: 'alarm' });
    }
    const title = `Tyre pressure low on 3 vehicles at ${depotWords(depot)}`;
    const rowOn = (page: Page) => page.getByTestId('incident-row').filter({ has: page.getByTestId('incident-title').getByText(title, { exact: true }) });
    await rowOn(first).waitFor({ timeout: 15_000 });
    await rowOn(second).waitFor({ timeout: 15_000 });
    await expect(rowOn(first).getByTestId('incident-extent').innerText()).resolves.toBe('3 vehicles · 3 alarms');

    // Nobody acknowledged it: after 5 s it goes to the fleet manager, on both consoles without a reload.
    for (const page of [first, second]) await rowOn(page).getByTestId('incident-step').filter({ hasText: 'Escalated to fleet manager' }).waitFor({ timeout: 15_000 });

    // The counts by severity are the server's, over every firing incident.
    const listed = await server.adminCall<IncidentPage>('GET', '/customization/incident/v1/query/list?state=firing&pageNum=1&pageSize=1');
    await expect.poll(async () => Number(await first.getByTestId('incident-count-major').innerText())).toBe(listed.counts.major);

    // It opens to its three alarms, each a link to the alarm's detail.
    await rowOn(first)
      .getByRole('button', { name: new RegExp(title) })
      .click();
    const alarms = rowOn(first).getByTestId('alarm-item');
    await expect.poll(() => alarms.count(), { timeout: 10_000 }).toBe(3);
    expect((await alarms.allInnerTexts()).map((text) => vehicles.find((v) => text.includes(v.name))?.id).sort()).toEqual(vehicles.map((v) => v.id).sort());
    await expect(alarms.first().getAttribute('href')).resolves.toMatch(/^\/home\/alarm\/page\?alarmId=\d+$/);
    await screenshot(first, 'home-incident-1920');
    await first.setViewportSize({ width: 1100, height: 900 });
    await screenshot(first, 'home-incident-1100');
    await first.setViewportSize({ width: 1920, height: 1080 });

    // "I'm on it" on the second console: the first shows who took it.
    await rowOn(second).getByRole('button', { name: "I'm on it" }).click();
    await second.getByTestId('toast-success').filter({ hasText: 'Assigned successfully' }).waitFor();
    await rowOn(first)
      .getByTestId('incident-assignee')
      .filter({ hasText: /is on it|You're on it/ })
      .waitFor({ timeout: 5_000 });

    // Acknowledged with a note on the first console; the second sees it at once.
    await rowOn(first).getByRole('button', { name: 'Acknowledge' }).click();
    await first.getByRole('dialog').getByText('Its 3 alarms are acknowledged with it.').waitFor();
    await first.getByLabel('Note (optional)').fill('Tyre service van on its way');
    await first.getByRole('dialog').getByRole('button', { name: 'Acknowledge' }).click();
    await first.getByTestId('toast-success').filter({ hasText: 'Acknowledged successfully' }).waitFor();
    await rowOn(second).getByTestId('alarm-ack').filter({ hasText: 'Tyre service van on its way' }).waitFor({ timeout: 5_000 });
    await expect(rowOn(second).getByRole('button', { name: 'Acknowledge' }).count()).resolves.toBe(0);
    // Its alarms were acknowledged with it, with the same note.
    await expect
      .poll(async () => (await alarms.getByTestId('alarm-ack').allInnerTexts()).filter((text) => text.includes('Tyre service van on its way')).length, { timeout: 5_000 })
      .toBe(3);
    await screenshot(second, 'home-incident-acknowledged-1920');

    // The wall's board shows it the same way, counted among all incidents.
    await second.goto(`${server.url}/wall/alarms`);
    const board = second.getByTestId('board-incident').filter({ has: second.getByTestId('incident-title').getByText(title, { exact: true }) });
    await board.getByTestId('alarm-ack').filter({ hasText: 'Tyre service van on its way' }).waitFor({ timeout: 10_000 });
    const all = await server.adminCall<IncidentPage>('GET', '/customization/incident/v1/query/list?state=firing&pageNum=1&pageSize=1');
    await expect.poll(async () => Number(await second.getByTestId('board-total').innerText())).toBe(all.total);
    await expect.poll(async () => Number(await second.getByTestId('board-major').innerText())).toBe(all.counts.major);
    await board.getByRole('button', { name: new RegExp(title) }).click();
    await expect.poll(() => board.getByTestId('board-alarm').count(), { timeout: 10_000 }).toBe(3);
    await screenshot(second, 'wall-incident-1920');
    await second.setViewportSize({ width: 1100, height: 900 });
    await screenshot(second, 'wall-incident-1100');
  });
});
