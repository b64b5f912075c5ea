import { describe, expect, it } from 'vitest';
import type { NotificationPolicy } from '../../../contract/entities/notification-policy';
import { notificationRules, type Alert, type AlertLabels, type MuteTimingRule, type RoutedPolicy, type SilenceRule } from './alert-routing';
import { createNotificationScheduler, type NotificationGroup, type SchedulerTimer } from './notification-scheduler';

const S = 1000;
const MIN = 60 * S;

/** Timers on a clock that moves only when the test says: `advance` runs what falls due, in order. */
const virtualTimer = (start = 0) => {
  let now = start;
  let next = 0;
  const due = new Map<number, { at: number; run: () => void }>();
  const timer: SchedulerTimer<number> = {
    now: () => now,
    setTimeout: (run, ms) => {
      due.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => void due.delete(handle),
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const first = [...due.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!first) break;
      due.delete(first[0]);
      now = first[1].at;
      first[1].run();
    }
    now = until;
  };
  return { timer, advance, pending: () => due.size };
};

const policy = (over: Partial<RoutedPolicy> = {}): RoutedPolicy => ({
  policyId: 'root',
  contactPointIds: ['cp-1'],
  groupBy: ['depotId'],
  groupWaitMs: 30 * S,
  groupIntervalMs: 5 * MIN,
  repeatIntervalMs: 4 * 60 * MIN,
  muteTimingIds: [],
  ...over,
});

const labels = (over: Partial<AlertLabels> = {}): AlertLabels => ({ fleetId: 'fleet-1', depotId: 'depot-1', kind: 'low_tyre', severity: 'major', ...over });
const firing = (id: string, over: Partial<AlertLabels> = {}): Alert => ({ id, labels: labels(over), state: 'firing' });
const resolved = (alert: Alert): Alert => ({ ...alert, state: 'resolved' });

/** A scheduler on a virtual clock with one policy (or the ones `route` gives), recording what it sends. */
const setUp = (options: { policy?: RoutedPolicy; route?: (a: Alert) => RoutedPolicy[]; silenced?: (a: Alert, at: number) => boolean } = {}) => {
  const clock = virtualTimer(1_000_000);
  const sent: Array<{ to: readonly string[]; group: NotificationGroup }> = [];
  const errors: unknown[] = [];
  const scheduler = createNotificationScheduler({
    timer: clock.timer,
    route: options.route ?? (() => [options.policy ?? policy()]),
    suppressed: (a, _p, at) => options.silenced?.(a, at) ?? false,
    send: (to, group) => void sent.push({ to, group }),
    onSendError: (e) => void errors.push(e),
  });
  const summary = () => sent.map(({ group }) => ({ reason: group.reason, firing: group.firing.map((a) => a.id), resolved: group.resolved.map((a) => a.id) }));
  return { ...clock, scheduler, sent, errors, summary, start: clock.timer.now() };
};

describe('the notification scheduler', () => {
  it('sends a new group once, a group wait after its first alert, with the alerts that joined meanwhile', () => {
    const s = setUp();
    s.scheduler.receive(firing('a1'));
    s.advance(20 * S);
    s.scheduler.receive(firing('a2'));
    s.advance(10 * S - 1);
    expect(s.sent).toEqual([]);
    s.advance(1);
    expect(s.summary()).toEqual([{ reason: 'first', firing: ['a1', 'a2'], resolved: [] }]);
    expect(s.sent[0]!.to).toEqual(['cp-1']);
    expect(s.sent[0]!.group).toMatchObject({ policyId: 'root', groupLabels: { depotId: 'depot-1' }, at: s.start + 30 * S });
  });

  it('groups by the policy grouping keys: other depots are other groups, `incident` is one group per alert', () => {
    const s = setUp();
    s.scheduler.receive(firing('a1'));
    s.scheduler.receive(firing('a2', { depotId: 'depot-2' }));
    s.advance(30 * S);
    expect(s.sent.map((x) => x.group.firing.map((a) => a.id))).toEqual([['a1'], ['a2']]);

    const byIncident = setUp({ policy: policy({ groupBy: ['incident'] }) });
    byIncident.scheduler.receive(firing('i1'));
    byIncident.scheduler.receive(firing('i2'));
    byIncident.advance(30 * S);
    expect(byIncident.sent.map((x) => x.group.groupLabels)).toEqual([{ incident: 'i1' }, { incident: 'i2' }]);

    const oneGroup = setUp({ policy: policy({ groupBy: [] }) });
    oneGroup.scheduler.receive(firing('a1'));
    oneGroup.scheduler.receive(firing('a2', { depotId: 'depot-2', kind: 'comm_lost' }));
    oneGroup.advance(30 * S);
    expect(oneGroup.summary()).toEqual([{ reason: 'first', firing: ['a1', 'a2'], resolved: [] }]);
  });

  it('sends a change at the next group interval, not before, and nothing when nothing changed', () => {
    const s = setUp();
    s.scheduler.receive(firing('a1'));
    s.advance(30 * S);
    s.advance(MIN);
    s.scheduler.receive(firing('a2'));
    s.advance(4 * MIN - 1);
    expect(s.sent).toHaveLength(1);
    s.advance(1);
    expect(s.summary()[1]).toEqual({ reason: 'update', firing: ['a1', 'a2'], resolved: [] });
    expect(s.sent[1]!.group.at).toBe(s.start + 30 * S + 5 * MIN);
    // Unchanged ticks send nothing.
    s.advance(30 * MIN);
    expect(s.sent).toHaveLength(2);
    // A changed alert that is the same alert, still firing, is no change.
    s.scheduler.receive(firing('a1'));
    s.advance(5 * MIN);
    expect(s.sent).toHaveLength(2);
  });

  it('repeats a still firing group after the repeat interval, and not after it has resolved', () => {
    const s = setUp({ policy: policy({ repeatIntervalMs: 60 * MIN }) });
    s.scheduler.receive(firing('a1'));
    s.advance(30 * S);
    s.advance(60 * MIN - 1);
    expect(s.sent).toHaveLength(1);
    s.advance(1);
    expect(s.summary()[1]).toEqual({ reason: 'repeat', firing: ['a1'], resolved: [] });
    expect(s.sent[1]!.group.at - s.sent[0]!.group.at).toBe(60 * MIN);
    s.advance(60 * MIN);
    expect(s.summary().map((x) => x.reason)).toEqual(['first', 'repeat', 'repeat']);
    s.scheduler.receive(resolved(firing('a1')));
    s.advance(5 * MIN);
    expect(s.summary()[3]).toEqual({ reason: 'resolved', firing: [], resolved: ['a1'] });
    s.advance(10 * 60 * MIN);
    expect(s.sent).toHaveLength(4);
  });

  it('sends a resolved alert with what still fires, then forgets the group once all have resolved', () => {
    const s = setUp();
    s.scheduler.receive(firing('a1'));
    s.scheduler.receive(firing('a2'));
    s.advance(30 * S);
    s.scheduler.receive(resolved(firing('a1')));
    s.advance(5 * MIN);
    expect(s.summary()[1]).toEqual({ reason: 'update', firing: ['a2'], resolved: ['a1'] });
    s.scheduler.receive(resolved(firing('a2')));
    s.advance(5 * MIN);
    expect(s.summary()[2]).toEqual({ reason: 'resolved', firing: [], resolved: ['a2'] });
    expect(s.scheduler.groups()).toEqual([]);
    expect(s.pending()).toBe(0);
    // A new alert there starts a new group: a group wait again, not the old interval.
    s.scheduler.receive(firing('a3'));
    s.advance(30 * S);
    expect(s.summary()[3]).toEqual({ reason: 'first', firing: ['a3'], resolved: [] });
  });

  it('says nothing of an alert that fired and resolved within the group wait, and drops a resolution it never saw', () => {
    const s = setUp();
    s.scheduler.receive(firing('a1'));
    s.advance(10 * S);
    s.scheduler.receive(resolved(firing('a1')));
    s.scheduler.receive(resolved(firing('unknown', { depotId: 'depot-9' })));
    s.advance(30 * MIN);
    expect(s.sent).toEqual([]);
    expect(s.scheduler.groups()).toEqual([]);
  });

  it('skips silenced alerts and re-notifies what still fires when the silence ends', () => {
    let silencedUntil = 0;
    const s = setUp({ silenced: (a, at) => a.id === 'a2' && at < silencedUntil });
    silencedUntil = s.start + 12 * MIN;
    s.scheduler.receive(firing('a1'));
    s.scheduler.receive(firing('a2'));
    s.advance(30 * S);
    expect(s.summary()).toEqual([{ reason: 'first', firing: ['a1'], resolved: [] }]);
    s.advance(10 * MIN);
    expect(s.sent).toHaveLength(1);
    // The silence ends at 12 min; the group's next tick (30 s + 15 min) notifies a2, still firing.
    s.advance(5 * MIN);
    expect(s.summary()[1]).toEqual({ reason: 'update', firing: ['a1', 'a2'], resolved: [] });
    expect(s.sent[1]!.group.at).toBe(s.start + 30 * S + 15 * MIN);
  });

  it('notifies a group whose only alert was silenced from the start once the silence ends, and not if it resolved meanwhile', () => {
    let until = 0;
    const s = setUp({ silenced: (_a, at) => at < until });
    until = s.start + 20 * MIN;
    s.scheduler.receive(firing('a1'));
    s.advance(19 * MIN);
    expect(s.sent).toEqual([]);
    s.advance(6 * MIN);
    expect(s.summary()).toEqual([{ reason: 'first', firing: ['a1'], resolved: [] }]);

    const quiet = setUp({ silenced: (_a, at) => at < until });
    until = quiet.start + 20 * MIN;
    quiet.scheduler.receive(firing('a1'));
    quiet.advance(10 * MIN);
    quiet.scheduler.receive(resolved(firing('a1')));
    quiet.advance(60 * MIN);
    expect(quiet.sent).toEqual([]);
    expect(quiet.scheduler.groups()).toEqual([]);
  });

  it('re-notifies an alert that was notified, silenced, and is still firing after the silence', () => {
    let from = Infinity;
    let until = 0;
    const s = setUp({ silenced: (_a, at) => at >= from && at < until });
    s.scheduler.receive(firing('a1'));
    s.advance(30 * S);
    from = s.timer.now();
    until = from + 28 * MIN;
    s.advance(25 * MIN);
    expect(s.sent).toHaveLength(1);
    expect(s.scheduler.groups()[0]!.notifiedIds).toEqual([]);
    s.advance(5 * MIN);
    expect(s.summary()[1]).toEqual({ reason: 'update', firing: ['a1'], resolved: [] });
    expect(s.sent[1]!.group.at).toBe(from + 30 * MIN);
  });

  it('does not repeat while muted: a muted group sends nothing, and its alerts come back when the mute ends', () => {
    const s = setUp({ policy: policy({ repeatIntervalMs: 10 * MIN }), silenced: (_a, at) => at >= s.start + 5 * MIN && at < s.start + 60 * MIN });
    s.scheduler.receive(firing('a1'));
    s.advance(30 * S);
    s.advance(59 * MIN);
    expect(s.summary().map((x) => x.reason)).toEqual(['first']);
    s.advance(10 * MIN);
    expect(s.summary().map((x) => x.reason)).toEqual(['first', 'update']);
  });

  it('sends to each policy an alert is routed to, on its own timings, and moves an alert whose labels changed', () => {
    const fast = policy({ policyId: 'oncall', contactPointIds: ['pager'], groupWaitMs: 0, groupBy: ['incident'] });
    const slow = policy({ policyId: 'digest', contactPointIds: ['mail'], groupWaitMs: 10 * MIN, groupBy: [] });
    const s = setUp({ route: (a) => (a.labels.severity === 'critical' ? [fast, slow] : [slow]) });
    s.scheduler.receive(firing('a1', { severity: 'critical' }));
    s.advance(0);
    expect(s.sent.map((x) => x.to)).toEqual([['pager']]);
    s.scheduler.receive(firing('a1', { severity: 'minor' }));
    expect(s.scheduler.groups().map((g) => g.policyId)).toEqual(['digest']);
    s.advance(10 * MIN);
    expect(s.sent.map((x) => x.to)).toEqual([['pager'], ['mail']]);
    expect(s.sent[1]!.group.firing[0]!.labels.severity).toBe('minor');
  });

  it('reports a failed send and keeps its schedule; stop cancels every timer', async () => {
    const clock = virtualTimer();
    const errors: unknown[] = [];
    const scheduler = createNotificationScheduler({
      timer: clock.timer,
      route: () => [policy()],
      suppressed: () => false,
      send: () => Promise.reject(new Error('smtp down')),
      onSendError: (e) => void errors.push(e),
    });
    scheduler.receive(firing('a1'));
    clock.advance(30 * S);
    await Promise.resolve();
    await Promise.resolve();
    expect(errors).toEqual([new Error('smtp down')]);
    expect(scheduler.groups()[0]!.nextFlushAt).toBe(30 * S + 5 * MIN);
    scheduler.stop();
    expect(clock.pending()).toBe(0);
    scheduler.receive(firing('a2'));
    expect(scheduler.groups()).toEqual([]);
  });
});

describe('the scheduler over a policy tree, silences and mute timings', () => {
  const tree: NotificationPolicy[] = [
    {
      id: 'root',
      parentId: null,
      matchers: {},
      contactPointIds: ['ops'],
      groupBy: ['incident'],
      groupWaitSeconds: 30,
      groupIntervalSeconds: 300,
      repeatIntervalSeconds: 14_400,
      muteTimingIds: [],
      continue: false,
    },
    {
      id: 'munich',
      parentId: 'root',
      matchers: { depotIds: ['munich'] },
      contactPointIds: ['munich-chat'],
      groupBy: ['depotId', 'kind'],
      muteTimingIds: ['nights'],
      continue: false,
    },
  ];
  const nights = { id: 'nights', timeZone: 'Europe/Berlin', intervals: [{ times: [{ start: '22:00', end: '24:00' }] }] };

  const run = (start: string) => {
    const clock = virtualTimer(Date.parse(start));
    const snapshot: { trees: Map<string, NotificationPolicy[]>; silences: SilenceRule[]; muteTimings: MuteTimingRule[] } = {
      trees: new Map([['fleet-1', tree]]),
      silences: [],
      muteTimings: [nights],
    };
    const sent: Array<{ to: readonly string[]; group: NotificationGroup }> = [];
    const scheduler = createNotificationScheduler({
      timer: clock.timer,
      ...notificationRules(() => snapshot),
      send: (to, group) => void sent.push({ to, group }),
      onSendError: (e) => {
        throw e;
      },
    });
    return { ...clock, scheduler, sent, snapshot };
  };

  it('a silence stops the notifications of what it covers, and its expiry re-notifies what still fires', () => {
    const s = run('2026-11-27T10:00:00Z');
    const now = s.timer.now();
    s.snapshot.silences.push({ id: 's1', fleetId: 'fleet-1', matchers: { vehicleId: 'veh-7' }, startsAt: now, endsAt: now + 20 * MIN });
    s.scheduler.receive(firing('elsewhere', { depotId: 'berlin', vehicleId: 'veh-1' }));
    s.scheduler.receive(firing('workshop', { depotId: 'berlin', vehicleId: 'veh-7' }));
    s.advance(30 * S);
    expect(s.sent.map((x) => [x.to, x.group.firing.map((a) => a.id)])).toEqual([[['ops'], ['elsewhere']]]);
    // Expired early (update/expire sets its end to now): the group's next tick sends it.
    s.advance(7 * MIN);
    s.snapshot.silences[0]!.endsAt = s.timer.now();
    s.advance(3 * MIN);
    expect(s.sent.map((x) => [x.group.reason, x.group.firing.map((a) => a.id)])).toEqual([
      ['first', ['elsewhere']],
      ['first', ['workshop']],
    ]);
    expect(s.sent[1]!.group.at).toBe(now + 30 * S + 10 * MIN);
  });

  it("a policy's mute timing holds back its own notifications during the local night, and not the other policies'", () => {
    // 20:59:30 UTC is 21:59:30 in Berlin: the Munich group's first send falls at 22:00 local, muted.
    const s = run('2026-11-27T20:59:30Z');
    s.scheduler.receive(firing('munich-1', { depotId: 'munich' }));
    s.scheduler.receive(firing('berlin-1', { depotId: 'berlin' }));
    s.advance(30 * S);
    expect(s.sent.map((x) => x.to)).toEqual([['ops']]);
    // Midnight in Berlin ends the mute; the next tick of the Munich group sends.
    s.advance(2 * 60 * MIN);
    expect(s.sent.map((x) => [x.to, x.group.groupLabels])).toEqual([
      [['ops'], { incident: 'berlin-1' }],
      [['munich-chat'], { depotId: 'munich', kind: 'low_tyre' }],
    ]);
    expect(new Date(s.sent[1]!.group.at).toISOString()).toBe('2026-11-27T23:00:00.000Z');
  });
});
