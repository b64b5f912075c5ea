import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { BehaviorSubject, Subject } from 'rxjs';
import type { LiveValue } from '../../../streams/protocol/types';
import type { DeviceLive } from '../../../streams/telemetry/types';
import type { AppServices } from '../../lib/services';
import { ServicesProvider } from '../../lib/services';
import { LiveKeyTable } from './live-key-table';

afterEach(cleanup);

function setUp(options: { temperature?: '°C' | '°F' } = {}) {
  const services = {
    profile: { units$: new BehaviorSubject({ speed: 'km/h', mileage: 'km', temperature: options.temperature ?? '°C' }) },
  } as unknown as AppServices;
  const live$ = new Subject<DeviceLive>();
  const wrap = (children: React.ReactNode) =>
    render(
      <ChakraProvider value={defaultSystem}>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </ChakraProvider>,
    );
  return { live$, wrap };
}

describe('LiveKeyTable', () => {
  const keys = [
    { key: 'state', label: 'Battery state', kind: 'state' as const },
    { key: 'temp', label: 'Battery temperature', unit: '°C', kind: 'number' as const },
    { key: 'time_to_go', label: 'Time to go', unit: 'h', kind: 'number' as const },
  ];
  const values = (v: Record<string, LiveValue>): DeviceLive => ({ values: v, ts: 1 });

  it('lists the keys with live values in display units, null as "--"', () => {
    const { live$, wrap } = setUp({ temperature: '°F' });
    wrap(<LiveKeyTable keys={keys} deviceType="bms" live$={live$} />);
    act(() => live$.next(values({ state: 'pre charging', temp: 25, time_to_go: null })));
    const row = (key: string) => document.querySelector(`[data-key=${key}]`)!.textContent;
    expect(row('state')).toBe('Battery statepre charging');
    expect(row('temp')).toBe('Battery temperature77°F');
    expect(row('time_to_go')).toBe('Time to go--h');
    act(() => live$.next(values({ state: 'charging', temp: 30, time_to_go: 2.5 })));
    expect(row('temp')).toBe('Battery temperature86°F');
    expect(row('time_to_go')).toBe('Time to go2.5h');
  });

  it('says it is waiting until the key list (cmd 144) has come', () => {
    const { live$, wrap } = setUp();
    wrap(<LiveKeyTable keys={undefined} deviceType="bms" live$={live$} />);
    expect(screen.getByRole('status').textContent).toContain('key list');
  });
});
