import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { DeviceRef, LiveValue } from '../../../contract/protocol/types';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import { deviceLive$ } from './device-live';
import { LiveKeyTable } from './live-key-table';

const bms: DeviceRef = { vehicleId: 'v1', deviceType: 'bms', deviceId: 0 };

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

describe('LiveKeyTable', () => {
  const keys = [
    { key: 'state', label: 'Battery state', kind: 'state' as const },
    { key: 'temp', label: 'Battery temperature', unit: '°C', kind: 'number' as const },
    { key: 'time_to_go', label: 'Time to go', unit: 'h', kind: 'number' as const },
  ];
  const values = (ts: number, v: Record<string, LiveValue>) => ({ cmd: 1, data: { ...bms, ts, values: v } });
  const row = (key: string) => document.querySelector(`[data-key=${key}]`)?.textContent;

  it('lists the keys with live values (cmd 1) in display units with the decimals of their key, null as "--"', async () => {
    live = await startFakeConsole();
    live.console.profile.setTemperatureUnit('°F');
    await renderLive(live.console, <LiveKeyTable keys={keys} deviceType="bms" live$={deviceLive$(live.console.fleet.vehicle$('v1'), bms)} />);
    live.send(values(1_000, { state: 'pre charging', temp: 25, time_to_go: null }));
    await waitFor(() => expect(row('temp')).toBe('Battery temperature77.0°F'));
    expect(row('state')).toBe('Battery statepre charging');
    expect(row('time_to_go')).toBe('Time to go--h');
    live.send(values(2_000, { state: 'charging', temp: 30, time_to_go: 2.5 }));
    await waitFor(() => expect(row('temp')).toBe('Battery temperature86.0°F'));
    expect(row('time_to_go')).toBe('Time to go2.5h');
  });

  it('says it is waiting until the key list (cmd 144) has come', async () => {
    live = await startFakeConsole();
    await renderLive(live.console, <LiveKeyTable keys={undefined} deviceType="bms" live$={deviceLive$(live.console.fleet.vehicle$('v1'), bms)} />);
    expect(screen.getByRole('status').textContent).toContain('key list');
  });
});
