// An alarm storm: a depot of BENCH_VEHICLES vehicles (default 5,000) loses its gateways at once, each
// vehicle's gateway reporting comm_lost and BENCH_DEVICE_ALARMS (default 5) of its devices alarming
// under it: 30,000 alarms. The real incident grouper, notification dispatcher and delivery run over a
// throw-away SQLite database; the depot's fleet sends to an outbox contact point with a group wait of
// BENCH_GROUP_WAIT_S (default 5). The issue asks for at most one notification per incident per
// contact point, and every incident notified within the group wait + 5 s of its alarms being
// recorded. Figures, then one JSON line; not a pass/fail test.
import { loadavg } from 'node:os';
import { demoFleet } from '../../server/fleet/demo-fleet';
import type { SocketHub } from '../../server/hub/socket-hub';
import { incidentEvents } from '../../server/modules/incidents/incident-events';
import { incidentGrouper, incidentRules } from '../../server/modules/incidents/incident-grouper';
import { notificationDispatcher } from '../../server/modules/notification-policies/notification-dispatcher';
import { defaultPolicies } from '../../server/modules/notification-policies/notification-policy-store';
import { notificationDelivery } from '../../server/modules/notifications/notification-delivery';
import { readConfig } from '../../server/config';
import { LocalBus } from '../../server/platform/bus/local-bus';
import { openRepository } from '../../server/platform/database/open-repository';
import { storedAdmin } from '../../server/test-support/stored-admin';
import { createTestDatabase } from '../../server/test-support/test-database';

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 5000);
const DEVICE_ALARMS = Number(process.env.BENCH_DEVICE_ALARMS ?? 5);
const GROUP_WAIT_S = Number(process.env.BENCH_GROUP_WAIT_S ?? 5);
/** How long the bench waits for the notifications before it gives up and reports what it has. */
const PATIENCE_MS = 10 * 60_000;
const DEVICE_KINDS = ['low_soc', 'high_temp', 'cell_imbalance', 'low_tyre_pressure', 'tank_low'] as const;

const db = await createTestDatabase('sqlite');
const log = (line: string) => process.stderr.write(`${line}\n`);
try {
  const createdAt = new Date().toISOString();
  const seed = demoFleet({ vehicles: VEHICLES, seed: 1, createdAt, admin: storedAdmin });
  // Every vehicle at the first depot, in no sub-fleet: one depot of VEHICLES vehicles.
  const depot = seed.depots[0]!;
  seed.vehicles = seed.vehicles.map((v) => ({ ...v, fleetId: depot.fleetId, subFleetId: null, depotId: depot.id }));
  const repo = await openRepository(db.config);
  await repo.seedOnce(seed);
  const config = { ...readConfig({}), ...db.config };
  const bus = new LocalBus();
  const hub = { incidentChanged: () => {} } as unknown as SocketHub;
  const events = incidentEvents(bus, hub, log);
  const grouper = incidentGrouper({ repo, events, now: Date.now, rules: incidentRules() });
  const delivery = notificationDelivery({ repo, config, now: Date.now, log });
  const dispatcher = notificationDispatcher({ repo, events, bus, now: Date.now, log, publicUrl: null, deliver: (point, n) => delivery.deliver(point, n) });

  const at = Date.now();
  const outbox = await repo.contactPoints.create({
    fleetId: depot.fleetId,
    name: 'Outbox',
    kind: 'outbox',
    settings: {},
    createdBy: 'bench',
    createdAt: at,
    updatedAt: at,
  });
  const policies = defaultPolicies().map((p) => ({ ...p, contactPointIds: [outbox.id], groupWaitSeconds: GROUP_WAIT_S }));
  await repo.notificationPolicies.replace({ fleetId: depot.fleetId, policies, updatedAt: at, updatedBy: 'bench' });
  await delivery.start();
  const stopDispatch = dispatcher.start(() => true);
  await dispatcher.settled();

  const load0 = loadavg()[0]!.toFixed(2);
  const stormAt = Date.now();
  const alarms = seed.vehicles.flatMap((v) => [
    {
      type: 'raised' as const,
      vehicleId: v.id,
      deviceType: 'dtu' as const,
      deviceId: 0,
      kind: 'comm_lost',
      severity: 'critical' as const,
      message: 'Gateway lost contact',
      ts: stormAt,
    },
    ...DEVICE_KINDS.slice(0, DEVICE_ALARMS).map((kind, i) => ({
      type: 'raised' as const,
      vehicleId: v.id,
      deviceType: 'bms' as const,
      deviceId: i,
      kind,
      severity: 'major' as const,
      message: `${kind} on ${v.name}`,
      ts: stormAt,
    })),
  ]);
  const t0 = performance.now();
  for (let i = 0; i < alarms.length; i += 1000) await repo.alarms.record(alarms.slice(i, i + 1000));
  const recordMs = Math.round(performance.now() - t0);
  const t1 = performance.now();
  await grouper.step();
  const groupMs = Math.round(performance.now() - t1);
  const incidents = (await repo.incidents.list({ scope: { all: true }, state: 'firing' }, { pageNum: 1, pageSize: 1 })).total;

  // Every incident's notification queued (the outbox "sends" it as it is queued).
  const sends = async () => (await repo.notifications.list({ scope: { all: true }, contactPointId: outbox.id }, null)).rows;
  let rows = await sends();
  while (rows.length < incidents && Date.now() - stormAt < PATIENCE_MS) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    rows = await sends();
  }
  const perIncident = new Map<string, number>();
  for (const r of rows) if (r.incidentId) perIncident.set(r.incidentId, (perIncident.get(r.incidentId) ?? 0) + 1);
  const latencies = rows.map((r) => r.createdAt - stormAt).sort((a, b) => a - b);
  const budgetMs = GROUP_WAIT_S * 1000 + 5000;
  await stopDispatch();
  await delivery.stop();
  events.stop();
  await repo.close();

  const figures = {
    bench: 'alarm-storm',
    vehicles: VEHICLES,
    alarms: alarms.length,
    incidents,
    notifications: rows.length,
    incidentsNotified: perIncident.size,
    mostPerIncident: Math.max(0, ...perIncident.values()),
    recordMs,
    groupMs,
    groupWaitS: GROUP_WAIT_S,
    firstNotifiedMs: latencies[0] ?? null,
    lastNotifiedMs: latencies.at(-1) ?? null,
    withinBudget: latencies.filter((l) => l <= budgetMs).length,
    budgetMs,
    load: load0,
  };
  console.log(`${figures.alarms} alarms on ${VEHICLES} vehicles of one depot: recorded in ${recordMs} ms, grouped into ${incidents} incidents in ${groupMs} ms`);
  console.log(
    `${rows.length} notifications for ${perIncident.size} incidents (at most ${figures.mostPerIncident} per incident), ` +
      `queued ${figures.firstNotifiedMs}..${figures.lastNotifiedMs} ms after the storm; ${figures.withinBudget} within group wait + 5 s (${budgetMs} ms)`,
  );
  console.log(JSON.stringify(figures));
} finally {
  await db.drop();
}
