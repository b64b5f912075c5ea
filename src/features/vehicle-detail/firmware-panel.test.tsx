import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { BehaviorSubject, of, Subject } from 'rxjs';
import type { DeviceInfo } from '../../../streams/api/types';
import type { Ack } from '../../../streams/commands/types';
import type { DeviceRef } from '../../../streams/protocol/types';
import type { DeviceLive, FirmwareProgress } from '../../../streams/telemetry/types';
import type { AppServices } from '../../lib/services';
import { ServicesProvider } from '../../lib/services';
import { BATTERY_NOTE, FirmwarePanel, REBOOT_NOTICE } from './firmware-panel';

afterEach(cleanup);

const bms: DeviceRef = { vehicleId: 'v1', deviceType: 'bms', deviceId: 0 };
const info: DeviceInfo = { deviceType: 'bms', deviceId: 0, model: 'LFP-BMS 16S', version: '2.3.0', availableVersion: '2.4.1' };

function setUp(options: { ack?: Ack } = {}) {
  const burn$ = new BehaviorSubject<FirmwareProgress | undefined>(undefined);
  const startFirmwareUpdate = vi.fn((_ref: DeviceRef, _version: string) => of<Ack>(options.ack ?? { ok: true }));
  const services = {
    console: { fleet: { firmware$: () => burn$ }, commands: { startFirmwareUpdate } },
    profile: { units$: new BehaviorSubject({ speed: 'km/h', mileage: 'km', temperature: '°C' }) },
    account: { account$: new BehaviorSubject({ status: 'ready', info: { roles: ['super.admin'], permissions: [] }, menu: [] }) },
  } as unknown as AppServices;
  const live$ = new Subject<DeviceLive>();
  const wrap = (children: React.ReactNode) =>
    render(
      <ChakraProvider value={defaultSystem}>
        <ServicesProvider services={services}>{children}</ServicesProvider>
      </ChakraProvider>,
    );
  return { burn$, startFirmwareUpdate, live$, wrap };
}

const progress = (state: FirmwareProgress['state'], value: number, msg?: string): FirmwareProgress => ({ state, progress: value, ts: 0, ...(msg ? { msg } : {}) });

describe('FirmwarePanel', () => {
  it('offers the available version with the battery note, then follows the burn to the reboot notice', () => {
    const { burn$, startFirmwareUpdate, live$, wrap } = setUp();
    wrap(<FirmwarePanel device={bms} info={info} live$={live$} />);
    expect(screen.getByText(BATTERY_NOTE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update to 2.4.1' }));
    expect(startFirmwareUpdate).toHaveBeenCalledWith(bms, '2.4.1');
    act(() => burn$.next(progress('updating', 42)));
    expect(screen.getByTestId('firmware-progress').textContent).toContain('42%');
    expect(screen.queryByRole('button', { name: /Update to/ })).toBeNull();
    act(() => burn$.next(progress('success', 100)));
    expect(screen.getByText(REBOOT_NOTICE)).toBeTruthy();
    expect(screen.queryByTestId('firmware-progress')).toBeNull();
  });

  it('shows why a burn failed and retries the same version', () => {
    const { burn$, startFirmwareUpdate, live$, wrap } = setUp();
    wrap(<FirmwarePanel device={bms} info={info} live$={live$} />);
    act(() => burn$.next(progress('failure', 37, 'Checksum mismatch')));
    expect(screen.getByTestId('firmware-failure').textContent).toContain('Checksum mismatch');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(startFirmwareUpdate).toHaveBeenLastCalledWith(bms, '2.4.1');
  });

  it("shows the server's refusal from the acknowledgement", () => {
    const msg = 'Disconnect AC and DC loads before updating the battery firmware';
    const { live$, wrap } = setUp({ ack: { ok: false, msg, reason: 'rejected' } });
    wrap(<FirmwarePanel device={bms} info={info} live$={live$} />);
    fireEvent.click(screen.getByRole('button', { name: 'Update to 2.4.1' }));
    expect(screen.getByTestId('firmware-refusal').textContent).toContain(msg);
  });

  it('reads the version the device reports (cmd 97) and then has nothing newer to offer', () => {
    const { live$, wrap } = setUp();
    wrap(<FirmwarePanel device={bms} info={info} live$={live$} />);
    act(() => live$.next({ values: {}, ts: 1, version: '2.4.1' }));
    expect(screen.getByTestId('firmware-version').textContent).toBe('2.4.1');
    expect(screen.getByTestId('firmware-available').textContent).toBe('Up to date');
  });
});
