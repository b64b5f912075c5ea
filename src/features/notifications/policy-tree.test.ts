import { describe, expect, it } from 'vitest';
import type { NotificationPolicy } from '../../../contract/entities/notification-policy';
import { descendantCount, matcherWords, policyRows, refusedPolicy, splitDuration, timingWords, withoutPolicy } from './policy-tree';

const node = (id: string, parentId: string | null, patch: Partial<NotificationPolicy> = {}): NotificationPolicy => ({
  id,
  parentId,
  matchers: {},
  muteTimingIds: [],
  continue: false,
  ...patch,
});

const NAMES = {
  subFleets: new Map([['s1', 'South']]),
  depots: new Map([['d1', 'Munich depot']]),
  contactPoints: new Map(),
  muteTimings: new Map(),
};

describe('policy tree', () => {
  it('reads root first and each node’s children under it, siblings in list order', () => {
    // Listed children before their parents, as a saved tree may be.
    const tree = [node('b1', 'b'), node('root', null), node('a', 'root'), node('b', 'root'), node('a1', 'a'), node('b2', 'b')];
    expect(policyRows(tree).map((r) => `${r.depth}:${r.policy.id}`)).toEqual(['0:root', '1:a', '2:a1', '1:b', '2:b1', '2:b2']);
  });

  it('says what a node takes in words, by name', () => {
    expect(matcherWords(node('a', 'root', { matchers: { depotIds: ['d1'], kinds: ['low_tyre_pressure'], severities: ['critical'] } }), NAMES)).toBe(
      'Munich depot · Tyre pressure low · critical',
    );
    expect(matcherWords(node('a', 'root', { matchers: { subFleetIds: ['s1', 'gone'], severities: ['major', 'minor'] } }), NAMES)).toBe('South or gone · major or minor');
    expect(matcherWords(node('root', null), NAMES)).toBe('Every alarm of the fleet');
  });

  it('writes timings in the largest whole unit, and only the node’s own', () => {
    expect(timingWords(node('a', 'root', { groupWaitSeconds: 30, groupIntervalSeconds: 300, repeatIntervalSeconds: 14_400 }))).toBe(
      'wait 30 s · every 5 min · repeat 4 h',
    );
    expect(timingWords(node('a', 'root', { repeatIntervalSeconds: 90 }))).toBe('repeat 90 s');
    expect(splitDuration(0)).toEqual({ amount: 0, unit: 's' });
    expect(splitDuration(172_800)).toEqual({ amount: 2, unit: 'd' });
  });

  it('deletes a node with everything under it, never the root', () => {
    const tree = [node('root', null), node('a', 'root'), node('a1', 'a'), node('a11', 'a1'), node('b', 'root')];
    expect(withoutPolicy(tree, 'a').map((p) => p.id)).toEqual(['root', 'b']);
    expect(descendantCount(tree, 'a')).toBe(2);
    expect(withoutPolicy(tree, 'root')).toHaveLength(5);
  });

  it('finds the node and field a refusal names', () => {
    const tree = [node('root', null), node('munich', 'root')];
    expect(refusedPolicy(tree, 'policies.1.matchers.depotIds: no depot x in this fleet')).toEqual({
      policyId: 'munich',
      field: 'matchers.depotIds',
      text: 'no depot x in this fleet',
    });
    expect(refusedPolicy(tree, 'policies: a tree has exactly one root policy (parentId null), found 2').policyId).toBeNull();
  });
});
