// The whole path from an alarm to a person: alarm → incident → the fleet's root policy → a webhook
// contact point → an HTTP receiver, with silences, escalation and a restart on the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlarmKind } from '../../sim/types';
import { api, session } from '../../test-support/api-client';
import { FakeSimulator } from '../../test-support/fake-simulator';
import { startHttpReceiver, type HttpReceiver } from '../../test-support/notification-receivers';
import { createTestDatabase, type TestDatabase } from '../../test-support/test-database';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test-support/test-server';
import type { ContactPointRecord } from '../contact-points/contact-point-store';
import { webhookSignature, WEBHOOK_HEADERS } from '../notifications/channel-senders';
import type { VehicleRecord } from '../vehicles/vehicle-store';

const POLICY = '/customization/notification-policy/v1';
const SILENCE = '/customization/silence/v1';
const SECRET = 'dispatch-test-secret-0123456789';
/** The tree's group wait and group interval, in seconds. */
const WAIT_S = 1;

let db: TestDatabase;
let t: TestServer;
let receiver: HttpReceiver;
let token: string;
let hook: ContactPointRecord;
let vehicles: VehicleRecord[];

const start = (sim?: FakeSimulator) => startTestServer({ incidentEscalationS: [2], notifyRetryMs: 50, publicUrl: 'https://fleet.example.test' }, undefined, db, sim);

beforeAll(async () => {
  receiver = await startHttpReceiver();
  db = await createTestDatabase();
  t = await start();
  token = (await session(t.url, ADMIN_EMAIL, ADMIN_PASSWORD)).token;
  vehicles = (await t.server.ctx.repo.vehicles.all()).filter((v) => v.fleetId === 'fleet-1');
  const at = Date.now();
  hook = await t.server.ctx.repo.contactPoints.create({
    fleetId: 'fleet-1',
    name: 'On-call webhook',
    kind: 'webhook',
    settings: { url: `${receiver.url}/hook`, secret: SECRET },
    createdBy: 'test',
    createdAt: at,
    updatedAt: at,
  });
  const root = {
    id: 'root',
    parentId: null,
    matchers: {},
    contactPointIds: [hook.id],
    groupBy: ['incident' as const],
    groupWaitSeconds: WAIT_S,
    groupIntervalSeconds: 10,
    repeatIntervalSeconds: 3600,
    muteTimingIds: [],
    continue: false,
  };
  const saved = await api<any>(t.url, 'PUT', `${POLICY}/update/tree`, { token, body: { fleetId: 'fleet-1', policies: [root] } });
  expect(saved.body).toMatchObject({ code: 200 });
  // Group ticks every second, below what the routes allow (10 s), so that a silence's end shows at once.
  await t.server.ctx.repo.notificationPolicies.replace({ fleetId: 'fleet-1', policies: [{ ...root, groupIntervalSeconds: WAIT_S }], updatedAt: at, updatedBy: 'test' });
  t.server.ctx.dispatcher.rulesChanged();
  await t.server.ctx.dispatcher.settled();
}, 60_000);
afterAll(async () => {
  await t.stop();
  await db.drop();
  await receiver.close();
});

interface Body {
  notificationId: string;
  type: string;
  incidentId: string | null;
  title: string;
  text: string;
  url: string | null;
  severity: string;
}
const bodies = () => receiver.received.filter((r) => r.path === '/hook').map((r) => ({ req: r, body: JSON.parse(r.body.toString('utf8')) as Body }));
const of = (incidentId: string) => bodies().filter((b) => b.body.incidentId === incidentId);

let next = 0;
/** Raises an alarm of its own kind in the model, on a vehicle no other test used, and answers its incident once grouped. */
const raise = async (kind: AlarmKind, severity: 'critical' | 'major' | 'minor' = 'major', vehicle = vehicles[next++]!) => {
  t.sim.raise({
    type: 'raised',
    alarm: { vehicleId: vehicle.id, deviceType: 'bms', deviceId: 0, kind, severity, message: `${kind} on ${vehicle.name}` },
    ts: Date.now(),
  });
  const firingOn = async () =>
    (await t.server.ctx.repo.incidents.list({ scope: { all: true }, state: 'firing' }, { pageNum: 1, pageSize: 500 })).rows.find((i) => i.vehicleId === vehicle.id);
  await expect.poll(firingOn, { timeout: 5000 }).toBeDefined();
  return { vehicle, incident: (await firingOn())! };
};
/** Waits until the dispatcher's group of the incident has ticked past `at` (its next flush is later). */
const tickedAfter = async (incidentId: string, at: number) =>
  expect.poll(() => t.server.ctx.dispatcher.groups().find((g) => g.alertIds.includes(incidentId))?.nextFlushAt ?? 0, { timeout: 10_000 }).toBeGreaterThan(at);

describe('dispatching incidents to contact points', () => {
  it('sends one signed webhook body per incident within the group wait, and nothing twice', async () => {
    const raisedAt = Date.now();
    const { incident, vehicle } = await raise('low_tyre_pressure');
    await expect.poll(() => of(incident.id).length, { timeout: WAIT_S * 1000 + 5000 }).toBe(1);
    const [{ req, body }] = of(incident.id) as [ReturnType<typeof bodies>[number]];
    expect(req.at - raisedAt).toBeLessThan(WAIT_S * 1000 + 5000);
    expect(req.headers[WEBHOOK_HEADERS.signature]).toBe(webhookSignature(SECRET, Number(req.headers[WEBHOOK_HEADERS.timestamp]), req.body.toString('utf8')));
    expect(body).toMatchObject({
      type: 'firing',
      severity: 'major',
      title: `Tyre pressure low on ${vehicle.name}`,
      url: `https://fleet.example.test/home/alarm/page?incidentId=${incident.id}`,
    });
    expect(body.text).toContain('1 vehicle');
    // Two more group ticks: nothing changed, nothing sent again.
    await tickedAfter(incident.id, Date.now() + WAIT_S * 1000);
    expect(of(incident.id)).toHaveLength(1);
  });

  it('holds back an incident a silence covers, and notifies it when the silence ends while it still fires', async () => {
    const vehicle = vehicles[next]!;
    const endsAt = Date.now() + 4000;
    const silenced = await api<any>(t.url, 'POST', `${SILENCE}/add/single`, {
      token,
      body: { fleetId: 'fleet-1', matchers: { vehicleId: vehicle.id }, endsAt: new Date(endsAt).toISOString(), reason: 'tyre change' },
    });
    expect(silenced.body.code).toBe(200);
    const { incident } = await raise('tank_low');
    // Its group has ticked (the group wait is over) while the silence lasts: nothing was sent.
    await tickedAfter(incident.id, Date.now() + 500);
    expect(Date.now()).toBeLessThan(endsAt);
    expect(of(incident.id)).toHaveLength(0);
    await expect.poll(() => of(incident.id).length, { timeout: 4000 + WAIT_S * 1000 + 5000 }).toBe(1);
    expect(of(incident.id)[0]!.req.at).toBeGreaterThanOrEqual(endsAt);
  });

  it('tells the dispatcher when an unacknowledged incident escalates', async () => {
    const { incident } = await raise('high_temp', 'critical');
    await expect
      .poll(() => t.mail.some((line) => line.includes(`Incident ${incident.id}`) && line.includes('escalated to fleet_manager')), { timeout: 10_000 })
      .toBe(true);
    await expect.poll(() => of(incident.id).length, { timeout: 5000 }).toBe(1);
  });

  it("writes an outbox contact point's notifications to the notification log as sent", async () => {
    const at = Date.now();
    const outbox = await t.server.ctx.repo.contactPoints.create({
      fleetId: 'fleet-2',
      name: 'Outbox',
      kind: 'outbox',
      settings: {},
      createdBy: 'test',
      createdAt: at,
      updatedAt: at,
    });
    const tree = await t.server.ctx.repo.notificationPolicies.tree('fleet-2');
    await t.server.ctx.repo.notificationPolicies.replace({
      ...tree,
      policies: tree.policies.map((p) => ({ ...p, contactPointIds: [outbox.id], groupWaitSeconds: WAIT_S })),
    });
    t.server.ctx.dispatcher.rulesChanged();
    await t.server.ctx.dispatcher.settled();
    const other = (await t.server.ctx.repo.vehicles.all()).find((v) => v.fleetId === 'fleet-2')!;
    const { incident } = await raise('tank_high', 'minor', other);
    const logged = async () => (await t.server.ctx.repo.notifications.list({ scope: { all: true }, incidentId: incident.id }, { pageNum: 1, pageSize: 10 })).rows;
    await expect.poll(async () => (await logged()).map((d) => [d.channel, d.outcome]), { timeout: WAIT_S * 1000 + 5000 }).toEqual([['outbox', 'sent']]);
    expect(of(incident.id)).toHaveLength(0);
  });

  it('sends nothing again after a restart for the incidents still firing', async () => {
    const { incident } = await raise('cell_imbalance');
    await expect.poll(() => of(incident.id).length, { timeout: WAIT_S * 1000 + 5000 }).toBe(1);
    const sent = bodies().length;
    // The model goes on with the alarms it holds, as a real one resumes from its saved state.
    const model = new FakeSimulator();
    for (const v of vehicles) for (const alarm of t.sim.activeAlarms(v.id)) model.raise({ type: 'raised', alarm, ts: Date.now() });
    await t.server.close();
    t = await start(model);
    await t.server.ctx.dispatcher.settled();
    // The resumed groups (every incident still firing) have waited and ticked: delivery dropped what they told again.
    const resumedAt = Date.now();
    for (const id of [incident.id]) await tickedAfter(id, resumedAt + WAIT_S * 1000);
    await expect.poll(() => t.server.ctx.repo.notifications.due(Date.now() + 60_000, 10)).toEqual([]);
    expect(bodies()).toHaveLength(sent);
  });
});
