import { describe, expect, it } from 'vitest';
import type { NotificationPolicy } from '../../../contract/entities/notification-policy';
import type { NotificationPreference } from '../../../contract/entities/notification-preference';
import { isMuted, knownTimeZone, localTime, routeAlert, silenceCovers, suppressionOf, treeDefects, wantsNotification, type AlertLabels } from './alert-routing';

const utc = (iso: string) => Date.parse(iso);
const node = (id: string, parentId: string | null, over: Partial<NotificationPolicy> = {}): NotificationPolicy => ({
  id,
  parentId,
  matchers: {},
  muteTimingIds: [],
  continue: false,
  ...over,
});
const labels = (over: Partial<AlertLabels> = {}): AlertLabels => ({
  fleetId: 'fleet-1',
  subFleetId: 'sub-north',
  depotId: 'munich',
  vehicleId: 'veh-1',
  kind: 'low_tyre',
  severity: 'major',
  ...over,
});

describe('routing an alert through a policy tree', () => {
  const tree = [
    node('root', null, { contactPointIds: ['ops-mail'], groupWaitSeconds: 30, groupIntervalSeconds: 300, repeatIntervalSeconds: 14_400, groupBy: ['incident'] }),
    node('munich', 'root', { matchers: { depotIds: ['munich'] }, contactPointIds: ['munich-chat'], groupBy: ['depotId', 'kind'], muteTimingIds: ['7'] }),
    node('munich-critical', 'munich', { matchers: { severities: ['critical'] }, contactPointIds: ['pager'], groupWaitSeconds: 0 }),
    node('tyres', 'root', { matchers: { kinds: ['low_tyre'] }, contactPointIds: ['workshop'], continue: true }),
    node('north', 'root', { matchers: { subFleetIds: ['sub-north'] }, contactPointIds: ['north-mail'] }),
  ];

  it('takes the first matching child, depth first, inheriting what the child leaves out', () => {
    expect(routeAlert(tree, labels({ severity: 'critical' }))).toEqual([
      {
        policyId: 'munich-critical',
        contactPointIds: ['pager'],
        groupBy: ['depotId', 'kind'],
        groupWaitMs: 0,
        groupIntervalMs: 300_000,
        repeatIntervalMs: 14_400_000,
        muteTimingIds: [],
      },
    ]);
    // In Munich but not critical: the Munich policy itself; its later siblings are not tried.
    expect(routeAlert(tree, labels()).map((p) => [p.policyId, p.contactPointIds, p.muteTimingIds])).toEqual([['munich', ['munich-chat'], ['7']]]);
  });

  it('goes on past a child with `continue`, and falls back to the parent when no child matches', () => {
    expect(routeAlert(tree, labels({ depotId: 'berlin' })).map((p) => p.policyId)).toEqual(['tyres', 'north']);
    expect(routeAlert(tree, labels({ depotId: 'berlin', subFleetId: 'sub-south' })).map((p) => p.policyId)).toEqual(['tyres']);
    expect(routeAlert(tree, labels({ depotId: undefined, subFleetId: undefined, kind: 'comm_lost' }))).toEqual([
      {
        policyId: 'root',
        contactPointIds: ['ops-mail'],
        groupBy: ['incident'],
        groupWaitMs: 30_000,
        groupIntervalMs: 300_000,
        repeatIntervalMs: 14_400_000,
        muteTimingIds: [],
      },
    ]);
  });

  it('gives a root that sets nothing the defaults: 30 s, 5 min, 4 h, by incident', () => {
    expect(routeAlert([node('root', null)], labels())).toEqual([
      { policyId: 'root', contactPointIds: [], groupBy: ['incident'], groupWaitMs: 30_000, groupIntervalMs: 300_000, repeatIntervalMs: 14_400_000, muteTimingIds: [] },
    ]);
    expect(routeAlert([], labels())).toEqual([]);
  });

  it('names the defects of a tree: roots, missing parents, cycles, depth, repeated ids, root matchers', () => {
    expect(treeDefects(tree, 8)).toEqual([]);
    expect(treeDefects([node('a', 'b'), node('b', 'a')], 8)).toEqual([
      'policies: a tree has exactly one root policy (parentId null), found 0',
      'policies.0.parentId: a lies in a cycle',
      'policies.1.parentId: b lies in a cycle',
    ]);
    expect(treeDefects([node('root', null), node('a', 'root'), node('b', 'a'), node('c', 'b'), node('c', 'missing')], 3)).toEqual([
      'policies.4.id: c is used twice',
      'policies.3.parentId: c lies deeper than 3 levels',
      'policies.4.parentId: no policy missing in the tree',
    ]);
    expect(treeDefects([node('root', null, { matchers: { kinds: ['x'] } }), node('other', null)], 8)).toEqual([
      'policies: a tree has exactly one root policy (parentId null), found 2',
      'policies.0.matchers: the root policy takes every alarm and has no matchers',
    ]);
  });
});

describe('mute timings', () => {
  const muted = (timing: Parameters<typeof isMuted>[0], iso: string) => isMuted(timing, utc(iso));

  it('read the wall clock of their time zone, winter and summer', () => {
    // "Munich depot nights": weeknights 22:00 to 06:00, as two ranges of the local day.
    const n: Parameters<typeof isMuted>[0] = {
      timeZone: 'Europe/Berlin',
      intervals: [
        {
          weekdays: ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'],
          times: [
            { start: '22:00', end: '24:00' },
            { start: '00:00', end: '06:00' },
          ],
        },
      ],
    };
    // Thursday 26 Nov 2026, CET (UTC+1).
    expect(muted(n, '2026-11-26T20:59:00Z')).toBe(false);
    expect(muted(n, '2026-11-26T21:00:00Z')).toBe(true);
    expect(muted(n, '2026-11-27T04:59:00Z')).toBe(true);
    expect(muted(n, '2026-11-27T05:00:00Z')).toBe(false);
    // Summer, CEST (UTC+2): 22:00 local is 20:00 UTC.
    expect(muted(n, '2026-07-08T20:00:00Z')).toBe(true);
    expect(muted(n, '2026-07-08T19:59:00Z')).toBe(false);
    // Saturday 28 Nov: not a weekday of the timing.
    expect(muted(n, '2026-11-28T02:00:00Z')).toBe(false);
  });

  it('follow a DST change: the local hours stay, the instants move', () => {
    const early = { timeZone: 'Europe/Berlin', intervals: [{ times: [{ start: '05:00', end: '06:00' }] }] };
    // Spring forward on 29 Mar 2026: 05:00 local is 04:00 UTC before, 03:00 UTC after.
    expect(muted(early, '2026-03-28T04:30:00Z')).toBe(true);
    expect(muted(early, '2026-03-29T04:30:00Z')).toBe(false);
    expect(muted(early, '2026-03-29T03:30:00Z')).toBe(true);
    // Fall back on 25 Oct 2026: 05:00 local is 03:00 UTC before, 04:00 UTC after.
    expect(muted(early, '2026-10-24T03:30:00Z')).toBe(true);
    expect(muted(early, '2026-10-25T03:30:00Z')).toBe(false);
    expect(muted(early, '2026-10-25T04:30:00Z')).toBe(true);
    // The repeated hour 02:00-03:00 on 25 Oct is muted both times it passes.
    const repeated = { timeZone: 'Europe/Berlin', intervals: [{ times: [{ start: '02:00', end: '03:00' }] }] };
    expect(muted(repeated, '2026-10-25T00:30:00Z')).toBe(true);
    expect(muted(repeated, '2026-10-25T01:30:00Z')).toBe(true);
    expect(muted(repeated, '2026-10-25T02:30:00Z')).toBe(false);
  });

  it('take the weekday, month and day of the month in their zone; negative days count from the end', () => {
    const weekend = (timeZone: string) => ({ timeZone, intervals: [{ weekdays: ['saturday' as const, 'sunday' as const] }] });
    // Friday 23:30 UTC is already Saturday in Berlin, still Friday in New York.
    expect(muted(weekend('Europe/Berlin'), '2026-11-27T23:30:00Z')).toBe(true);
    expect(muted(weekend('UTC'), '2026-11-27T23:30:00Z')).toBe(false);
    expect(muted(weekend('America/New_York'), '2026-11-28T03:30:00Z')).toBe(false);
    const lastDay = { timeZone: 'UTC', intervals: [{ daysOfMonth: [-1] }] };
    expect(muted(lastDay, '2026-02-28T12:00:00Z')).toBe(true);
    expect(muted(lastDay, '2028-02-28T12:00:00Z')).toBe(false);
    expect(muted(lastDay, '2028-02-29T12:00:00Z')).toBe(true);
    const december = { timeZone: 'Europe/Berlin', intervals: [{ months: [12], daysOfMonth: [24, 25, 26] }] };
    expect(muted(december, '2026-12-23T23:30:00Z')).toBe(true);
    expect(muted(december, '2026-12-23T22:30:00Z')).toBe(false);
    expect(muted(december, '2026-11-25T12:00:00Z')).toBe(false);
    // Any interval in force is enough; an interval with no parts is always in force.
    expect(muted({ timeZone: 'UTC', intervals: [{ months: [1] }, {}] }, '2026-06-01T00:00:00Z')).toBe(true);
  });

  it('know the time zones the runtime knows', () => {
    expect(knownTimeZone('Europe/Berlin')).toBe(true);
    expect(knownTimeZone('Mars/Olympus')).toBe(false);
    expect(localTime(utc('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toMatchObject({ day: 29, weekday: 'sunday', minutes: 3 * 60 });
  });
});

describe('silences and mute timings together', () => {
  const silence = {
    id: 's1',
    fleetId: 'fleet-1',
    matchers: { depotId: 'munich', kind: 'low_tyre' },
    startsAt: utc('2026-11-27T10:00:00Z'),
    endsAt: utc('2026-11-27T12:00:00Z'),
  };
  const timing = { id: '7', timeZone: 'UTC', intervals: [{ times: [{ start: '11:00', end: '13:00' }] }] };

  it('a silence covers alerts of its fleet matching every matcher, while it is in force', () => {
    expect(silenceCovers(silence, labels(), utc('2026-11-27T10:00:00Z'))).toBe(true);
    expect(silenceCovers(silence, labels(), utc('2026-11-27T09:59:59Z'))).toBe(false);
    expect(silenceCovers(silence, labels(), utc('2026-11-27T12:00:00Z'))).toBe(false);
    expect(silenceCovers(silence, labels({ kind: 'comm_lost' }), utc('2026-11-27T11:00:00Z'))).toBe(false);
    expect(silenceCovers(silence, labels({ fleetId: 'fleet-2' }), utc('2026-11-27T11:00:00Z'))).toBe(false);
    expect(silenceCovers({ ...silence, matchers: { vehicleId: 'veh-1' } }, labels({ depotId: undefined }), utc('2026-11-27T11:00:00Z'))).toBe(true);
    // A matcher names a label the alert does not carry: not covered.
    expect(silenceCovers(silence, labels({ depotId: undefined }), utc('2026-11-27T11:00:00Z'))).toBe(false);
  });

  it('an alert is held back by any silence covering it, or by a mute timing its policy names', () => {
    const rules = { silences: [silence], muteTimings: [timing] };
    const muting = { muteTimingIds: ['7'] };
    const notMuting = { muteTimingIds: [] };
    expect(suppressionOf(labels(), muting, rules, utc('2026-11-27T10:30:00Z'))).toEqual({ silencedBy: ['s1'], mutedBy: [] });
    expect(suppressionOf(labels(), muting, rules, utc('2026-11-27T11:30:00Z'))).toEqual({ silencedBy: ['s1'], mutedBy: ['7'] });
    expect(suppressionOf(labels(), muting, rules, utc('2026-11-27T12:30:00Z'))).toEqual({ silencedBy: [], mutedBy: ['7'] });
    expect(suppressionOf(labels(), notMuting, rules, utc('2026-11-27T12:30:00Z'))).toBeNull();
    expect(suppressionOf(labels(), muting, rules, utc('2026-11-27T13:00:00Z'))).toBeNull();
    // A mute timing the policy names but that no longer exists mutes nothing.
    expect(suppressionOf(labels(), { muteTimingIds: ['99'] }, rules, utc('2026-11-27T12:30:00Z'))).toBeNull();
  });
});

describe('my notifications', () => {
  const mine: NotificationPreference = { enabled: true, fleetIds: [], kinds: [], severities: [], channels: [], quietHours: null };
  const at = utc('2026-11-27T12:00:00Z');

  it('let through what the lists hold, every one when a list is empty, nothing when turned off', () => {
    expect(wantsNotification(mine, labels(), 'email', at)).toBe(true);
    expect(wantsNotification({ ...mine, enabled: false }, labels(), 'email', at)).toBe(false);
    expect(wantsNotification({ ...mine, fleetIds: ['fleet-2'] }, labels(), 'email', at)).toBe(false);
    expect(wantsNotification({ ...mine, severities: ['critical'] }, labels(), 'email', at)).toBe(false);
    expect(wantsNotification({ ...mine, kinds: ['low_tyre'], channels: ['push'] }, labels(), 'push', at)).toBe(true);
    expect(wantsNotification({ ...mine, channels: ['push'] }, labels(), 'email', at)).toBe(false);
  });

  it('keep quiet hours over midnight in their time zone, on the evening weekdays given, critical ones through when asked', () => {
    const quiet = { ...mine, quietHours: { start: '22:00', end: '07:00', timeZone: 'Europe/Berlin', weekdays: ['friday' as const], exceptCritical: true } };
    // Friday 22:30 and Saturday 02:00 Berlin are Friday night's; Friday 02:00 is Thursday night's.
    expect(wantsNotification(quiet, labels(), 'email', utc('2026-11-27T21:30:00Z'))).toBe(false);
    expect(wantsNotification(quiet, labels(), 'email', utc('2026-11-28T01:00:00Z'))).toBe(false);
    expect(wantsNotification(quiet, labels(), 'email', utc('2026-11-27T01:00:00Z'))).toBe(true);
    expect(wantsNotification(quiet, labels(), 'email', utc('2026-11-28T06:00:00Z'))).toBe(true);
    expect(wantsNotification(quiet, labels({ severity: 'critical' }), 'email', utc('2026-11-28T01:00:00Z'))).toBe(true);
    const daily = { ...mine, quietHours: { start: '12:00', end: '13:00', timeZone: 'UTC', exceptCritical: false } };
    expect(wantsNotification(daily, labels({ severity: 'critical' }), 'email', at)).toBe(false);
  });
});
