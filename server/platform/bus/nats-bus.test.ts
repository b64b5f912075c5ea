import { afterEach, describe, expect, it } from 'vitest';
import { NATS_URL, reachable, runPrefix } from '../../test-support/services';
import type { ClusterEvent, DeviceRequest } from './fleet-bus';
import { NatsBus, subjectToken } from './nats-bus';

const up = await reachable(NATS_URL);
const waitFor = async <T>(pick: () => T | undefined, timeoutMs = 3000): Promise<T> => {
  const start = Date.now();
  for (;;) {
    const v = pick();
    if (v !== undefined) return v;
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
};

it('keeps ids with reserved characters inside one subject token', () => {
  expect(subjectToken('fleet-1')).toBe('fleet-1');
  expect(subjectToken('a.b*c>d e')).not.toMatch(/[.*> ]/);
});

describe.skipIf(!up)('the NATS bus', () => {
  const buses: NatsBus[] = [];
  const pair = async () => {
    const prefix = runPrefix('bus');
    const a = await NatsBus.connect({ url: NATS_URL, prefix, requestTimeoutMs: 500 });
    const b = await NatsBus.connect({ url: NATS_URL, prefix, requestTimeoutMs: 500 });
    buses.push(a, b);
    return [a, b] as const;
  };
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('delivers frames of every fleet to every node, batched', async () => {
    const [a, b] = await pair();
    const seen: unknown[] = [];
    b.onFrames((frames) => seen.push(...frames));
    await new Promise((r) => setTimeout(r, 50));
    const frames = [1, 2, 3].map((ts) => ({ cmd: 19 as const, data: { vehicleId: `v${ts}`, status: 'normal' as const, ts } }));
    a.publishFrames('fleet-1', frames.slice(0, 2));
    a.publishFrames('fleet.2', frames.slice(2));
    await waitFor(() => (seen.length === 3 ? true : undefined));
    expect(seen).toEqual(expect.arrayContaining(frames));
  });

  it('broadcasts session events to the other nodes, not back to the sender', async () => {
    const [a, b] = await pair();
    const onA: ClusterEvent[] = [];
    const onB: ClusterEvent[] = [];
    a.onEvent((e) => onA.push(e));
    b.onEvent((e) => onB.push(e));
    await new Promise((r) => setTimeout(r, 50));
    const event: ClusterEvent = { type: 'logout', match: { userId: 'u1' }, msgId: 1001 };
    a.broadcast(event);
    await waitFor(() => onB[0]);
    expect(onB).toEqual([event]);
    expect(onA).toEqual([]);
  });

  it('answers a device request from the owning node only; no owner is a refusal', async () => {
    const [a, b] = await pair();
    const served: DeviceRequest[] = [];
    b.serveDevices(async (req) => {
      if ('ref' in req && req.ref.vehicleId !== 'v1') return null;
      served.push(req);
      return { ok: true };
    }, 'owner');
    await new Promise((r) => setTimeout(r, 50));
    const ref = { vehicleId: 'v1', deviceType: 'inv' as const, deviceId: 0 };
    expect(await a.request({ op: 'firmware', ref, version: '1.2.3' })).toEqual({ ok: true });
    expect(served).toEqual([{ op: 'firmware', ref, version: '1.2.3' }]);
    expect(await a.request({ op: 'firmware', ref: { ...ref, vehicleId: 'v2' }, version: '1.2.3' })).toEqual({ ok: false, msg: 'Vehicle is not reachable' });
  });

  it('lets exactly one of several bridges answer', async () => {
    const [a, b] = await pair();
    let answered = 0;
    const bridge = async () => {
      answered++;
      return { ok: true };
    };
    a.serveDevices(bridge, 'bridge');
    b.serveDevices(bridge, 'bridge');
    await new Promise((r) => setTimeout(r, 50));
    for (let i = 0; i < 6; i++) await a.request({ op: 'force-status', vehicleId: 'v1', status: null });
    expect(answered).toBe(6);
  });
});

describe.skipIf(!up)('a duty on the NATS bus', () => {
  it('is led by one candidate at a time, and taken over when the leader withdraws', async () => {
    const prefix = runPrefix('duty');
    const a = await NatsBus.connect({ url: NATS_URL, prefix });
    const b = await NatsBus.connect({ url: NATS_URL, prefix });
    try {
      const onA = a.standFor('history');
      const onB = b.standFor('history');
      await waitFor(() => (onA.leads() !== onB.leads() ? true : undefined));
      const [leader, other] = onA.leads() ? [onA, onB] : [onB, onA];
      leader.withdraw();
      await waitFor(() => (other.leads() ? true : undefined), 10_000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  }, 15_000);
});
