import { EventEmitter } from 'node:events';
import { Writable } from 'node:stream';
import type { MqttClient } from 'mqtt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownDevices } from '../platform/bus/device-owner';
import { driveModel } from '../fleet/model-clock';
import { FakeSimulator } from '../test-support/fake-simulator';
import { runGateways } from './mqtt-gateway';

/** A broker connection whose socket takes nothing until `release()`: a broker (or machine) too busy to keep up. */
class StalledBroker extends EventEmitter {
  connected = true;
  private stalled = true;
  private readonly pending: Array<() => void> = [];
  readonly stream = new Writable({
    write: (_chunk, _enc, done) => (this.stalled ? this.pending.push(done) : done()),
  });
  publish(_topic: string, payload: string): void {
    this.stream.write(Buffer.from(payload));
  }
  async subscribeAsync(): Promise<void> {}
  release(): void {
    this.stalled = false;
    for (const done of this.pending.splice(0)) done();
  }
}

const VAN = { kind: 'van', home: { lat: 52, lng: 4 }, nominalVoltage: 12, batteryAh: 200, solarW: 0, tanks: 1, tyres: 4, airConditioner: false, versions: {} } as const;

describe('simulator publishing under backpressure', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  const setup = async () => {
    const sim = new FakeSimulator();
    for (let i = 0; i < 20; i++) sim.add({ ...VAN, id: `veh-${i}` });
    const broker = new StalledBroker();
    const gateways = await runGateways({
      client: broker as unknown as MqttClient,
      prefix: 'fleet',
      sim,
      devices: ownDevices(sim, Date.now),
      snOf: (id) => `SN-${id}`,
      vehicleIdOf: () => undefined,
      vehicleIds: () => sim.specs.keys(),
      now: Date.now,
      maxBacklogBytes: 1000,
    });
    const step = vi.spyOn(sim, 'step');
    let held = 0;
    const clock = driveModel(
      sim,
      1,
      Date.now,
      () => {},
      () => {
        if (!gateways.backedUp()) return true;
        held++;
        return false;
      },
    );
    return { sim, broker, gateways, step, clock, held: () => held };
  };

  it('holds the model while the broker connection is backed up, and moves on when it drains', async () => {
    const { broker, gateways, step, clock, held } = await setup();
    await vi.advanceTimersByTimeAsync(1000);
    expect(step).toHaveBeenCalledTimes(1);
    const published = gateways.published();
    expect(broker.stream.writableLength).toBeGreaterThan(1000);
    expect(gateways.backedUp()).toBe(true);

    // Ticks while the frames wait are skipped: nothing more piles up behind them.
    await vi.advanceTimersByTimeAsync(3000);
    expect(step).toHaveBeenCalledTimes(1);
    expect(held()).toBe(3);
    expect(gateways.published()).toBe(published);

    broker.release();
    expect(gateways.backedUp()).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    // The next step catches the vehicles up to the present.
    expect(step).toHaveBeenCalledTimes(2);
    expect(step).toHaveBeenLastCalledWith(1_005_000);
    expect(gateways.published()).toBe(2 * published);
    clearInterval(clock);
  });

  it('holds the model while the broker is away', async () => {
    const { broker, gateways, step, clock } = await setup();
    broker.release();
    broker.connected = false;
    expect(gateways.backedUp()).toBe(true);
    await vi.advanceTimersByTimeAsync(2000);
    expect(step).not.toHaveBeenCalled();
    broker.connected = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(step).toHaveBeenCalledTimes(1);
    clearInterval(clock);
  });
});
