import { filter, firstValueFrom } from 'rxjs';
import { afterEach, describe, expect, it } from 'vitest';
import { incidentRow, ok } from '../testing/fake-api';
import { type FakeConsole, startFakeConsole } from '../testing/fake-console';
import type { Incident, IncidentDetail } from './incidents';

let fake: FakeConsole | undefined;
afterEach(() => {
  fake?.stop();
  fake = undefined;
});

/** A server holding `incidents` (all firing), answering list, detail, ack and assign as the reference server does. */
function incidentRoutes(incidents: Incident[], calls: string[]) {
  return {
    'GET /customization/incident/v1/query/list': (url: URL) => {
      calls.push(`list ${url.search}`);
      return Response.json(ok({ rows: incidents.slice(0, 2), total: incidents.length, counts: { critical: 1, major: incidents.length - 1, minor: 0 } }));
    },
    'GET /customization/incident/v1/get/detail': (url: URL) => {
      const incident = incidents.find((i) => i.id === url.searchParams.get('incidentId'))!;
      const detail: IncidentDetail = { ...incident, alarms: [] };
      return Response.json(ok(detail));
    },
    'POST /customization/incident/v1/ack/single': async (_url: URL, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { incidentId: string; note?: string };
      const at = incidents.findIndex((i) => i.id === body.incidentId);
      incidents[at] = { ...incidents[at]!, ack: { by: 'Ops', at: '2026-01-01T00:05:00.000Z', note: body.note ?? null } };
      return Response.json(ok(incidents[at]));
    },
  };
}

describe('incidents', () => {
  it('keeps the firing incidents with counts over all of them, and shows an escalation at once when cmd 165 says so', async () => {
    const incidents = [incidentRow('1', { severity: 'critical' }), incidentRow('2'), incidentRow('3')];
    const calls: string[] = [];
    fake = await startFakeConsole(incidentRoutes(incidents, calls));
    const { console } = fake;
    const held = console.incidents.firing$.subscribe();
    const first = await firstValueFrom(console.incidents.firing$.pipe(filter((l) => l.status === 'ready')));
    // Two rows on the page, but the counts cover all three.
    expect(first.data?.rows.map((r) => r.id)).toEqual(['1', '2']);
    expect(first.data?.counts).toEqual({ critical: 1, major: 2, minor: 0 });
    expect(calls[0]).toContain('state=firing');

    // The server escalates incident 2 but this console has not reloaded yet: the frame's step shows.
    fake.send({ cmd: 165, data: { incidentId: '2', fleetId: 'f1', type: 'escalated', escalationStep: 'fleet_manager' } });
    const escalated = await firstValueFrom(console.incidents.firing$.pipe(filter((l) => l.data?.rows[1]?.escalation.step === 'fleet_manager')));
    expect(escalated.data?.rows[1]?.escalation.level).toBe(1);
    // ...and the frame reloads the list too.
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
    held.unsubscribe();
  });

  it('reloads an open incident and the list once after a burst of frames, and after an acknowledgement made here', async () => {
    const incidents = [incidentRow('1'), incidentRow('2')];
    const calls: string[] = [];
    fake = await startFakeConsole(incidentRoutes(incidents, calls));
    const { console } = fake;
    const detail$ = console.incidents.detail$('1');
    const held = [console.incidents.firing$.subscribe(), detail$.subscribe()];
    await firstValueFrom(console.incidents.firing$.pipe(filter((l) => l.status === 'ready')));
    await firstValueFrom(detail$.pipe(filter((l) => l.status === 'ready')));
    const before = calls.length;
    for (let n = 0; n < 10; n += 1) fake.send({ cmd: 165, data: { incidentId: '2', fleetId: 'f1', type: 'updated', escalationStep: 'operator' } });
    // The first frame reloads at once, the other nine together once the second is up.
    await expect.poll(() => calls.length).toBe(before + 2);

    const answer = await console.incidents.acknowledge('1', 'Depot power is back');
    expect(answer.ack?.note).toBe('Depot power is back');
    const acknowledged = await firstValueFrom(detail$.pipe(filter((l) => l.data?.ack != null)));
    expect(acknowledged.data?.ack).toMatchObject({ by: 'Ops', note: 'Depot power is back' });
    await firstValueFrom(console.incidents.firing$.pipe(filter((l) => l.data?.rows[0]?.ack != null)));
    // Ten frames and one acknowledgement: three reads of the list in all.
    expect(calls.length).toBe(before + 3);
    for (const subscription of held) subscription.unsubscribe();
  });

  it('turns a refused read into a value and keeps the stream alive', async () => {
    let refuse = true;
    fake = await startFakeConsole({
      'GET /customization/incident/v1/query/list': () =>
        refuse
          ? Response.json({ code: 403, msg: 'No access', data: null }, { status: 403 })
          : Response.json(ok({ rows: [incidentRow('9')], total: 1, counts: { critical: 0, major: 1, minor: 0 } })),
    });
    const { console } = fake;
    const held = console.incidents.firing$.subscribe();
    const failed = await firstValueFrom(console.incidents.firing$.pipe(filter((l) => l.status === 'error')));
    expect(failed.data).toBeUndefined();
    refuse = false;
    fake.send({ cmd: 165, data: { incidentId: '9', fleetId: 'f1', type: 'opened', escalationStep: 'operator' } });
    const loaded = await firstValueFrom(console.incidents.firing$.pipe(filter((l) => l.status === 'ready')));
    expect(loaded.data?.rows[0]?.id).toBe('9');
    held.unsubscribe();
  });
});
