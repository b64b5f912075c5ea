import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { filter, firstValueFrom } from 'rxjs';
import { deviceKey } from '../../../streams/telemetry/device-key';
import { ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import AlarmDetailPage from './alarm-detail-page';

// The page charts the values around the start; jsdom cannot draw one.
vi.mock('uplot', () => ({
  default: class {
    setData = vi.fn();
    setSize = vi.fn();
    destroy = vi.fn();
    root = document.createElement('div');
    over = document.createElement('div');
  },
}));

beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
});

const STARTED = Date.now() - 60_000;
const alarm = (patch: Record<string, unknown>) => ({
  id: '7',
  vehicleId: 'v1',
  vehicleName: 'Vehicle v1',
  fleetId: 'f1',
  deviceType: 'bms',
  deviceId: 0,
  kind: 'cell_imbalance',
  severity: 'minor',
  message: 'Battery cell imbalance (66 mV)',
  startedAt: new Date(STARTED).toISOString(),
  endedAt: null,
  ack: null,
  peak: { key: 'cell_delta', value: 66, at: new Date(STARTED).toISOString() },
  ...patch,
});

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

const peakText = () => screen.getByTestId('alarm-peak').textContent ?? '';
const values = (ts: number, cellDelta: number) => ({ cmd: 1, data: { vehicleId: 'v1', deviceType: 'bms', deviceId: 0, ts, values: { cell_delta: cellDelta, soc: 60 } } });

describe('AlarmDetailPage peak', () => {
  it('shows the peak so far while the alarm is active, from the raising value on, and follows worse live values', async () => {
    live = await startFakeConsole({ 'GET /customization/alarm/v1/get/detail': ok(alarm({})) });
    live.console.session.set('faultId', '7');
    await renderLive(live.console, <AlarmDetailPage />);
    await screen.findByText(/^66 mV \(cell delta\) at /);
    // The page asks for the vehicle's every device while it is open.
    await vi.waitFor(() => expect(live!.received.some((f) => f.cmd === 32)).toBe(true));
    live.send(values(Date.now(), 71));
    await vi.waitFor(() => expect(peakText()).toMatch(/^71 mV \(cell delta\) at /));
    // A milder value later leaves the peak as it was.
    const milder = firstValueFrom(live.console.fleet.vehicle$('v1').pipe(filter((v) => v?.devices[deviceKey('bms', 0)]?.values.cell_delta === 64)));
    live.send(values(Date.now(), 64));
    await milder;
    expect(peakText()).toMatch(/^71 mV/);
    live.send(values(Date.now(), 73));
    await vi.waitFor(() => expect(peakText()).toMatch(/^73 mV/));
    expect(Number(/^(\d+) mV/.exec(peakText())![1])).toBeGreaterThanOrEqual(66);
  });

  it('shows the stored peak of a cleared alarm as it is', async () => {
    const cleared = alarm({ endedAt: new Date().toISOString(), peak: { key: 'cell_delta', value: 72, at: new Date(STARTED + 1000).toISOString() } });
    live = await startFakeConsole({ 'GET /customization/alarm/v1/get/detail': ok(cleared) });
    live.console.session.set('faultId', '7');
    await renderLive(live.console, <AlarmDetailPage />);
    await screen.findByText(/^72 mV \(cell delta\) at /);
    expect(screen.getByTestId('alarm-ended').textContent).not.toBe('Still active');
  });
});
