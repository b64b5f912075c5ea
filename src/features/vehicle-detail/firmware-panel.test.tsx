import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DeviceInfo } from '../../../contract/api/types';
import type { DeviceRef } from '../../../contract/protocol/types';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import { deviceLive$ } from '../../components/vehicle-devices/device-live';
import { BATTERY_NOTE, DISPLAY_NOTE, FirmwarePanel, REBOOT_NOTICE } from './firmware-panel';

const bms: DeviceRef = { vehicleId: 'v1', deviceType: 'bms', deviceId: 0 };
const info: DeviceInfo = { deviceType: 'bms', deviceId: 0, model: 'LFP-BMS 16S', version: '2.3.0', availableVersion: '2.4.1' };

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

async function showPanel(ack: { ok: boolean; msg?: string } = { ok: true }, device: DeviceRef = bms, deviceName = 'Battery') {
  live = await startFakeConsole();
  live.answer(100, (frame) => ({ cmd: 0, seq: frame.seq, data: ack }));
  await renderLive(
    live.console,
    <FirmwarePanel
      device={device}
      info={{ ...info, deviceType: device.deviceType }}
      live$={deviceLive$(live.console.fleet.vehicle$('v1'), device)}
      vehicleName="Van 7"
      deviceName={deviceName}
    />,
  );
  return live;
}

/** Asks for the update and confirms it. */
async function update(button: string) {
  fireEvent.click(screen.getByRole('button', { name: button }));
  fireEvent.click(await screen.findByRole('button', { name: 'Start update' }));
}

const burn = (state: 'updating' | 'success' | 'failure', progress: number, msg?: string) => ({
  cmd: 149,
  data: { ...bms, state, progress, ...(msg ? { msg } : {}) },
});

describe('FirmwarePanel', () => {
  it('offers the available version with the battery note, then follows the burn to the reboot notice', async () => {
    const { send, received } = await showPanel();
    expect(screen.getByText(BATTERY_NOTE)).toBeTruthy();
    await update('Update to 2.4.1');
    await waitFor(() => expect(received).toContainEqual(expect.objectContaining({ cmd: 100, data: { ...bms, version: '2.4.1' } })));
    send(burn('updating', 42));
    await waitFor(() => expect(screen.getByTestId('firmware-progress').textContent).toContain('42%'));
    expect(screen.queryByRole('button', { name: /Update to/ })).toBeNull();
    send(burn('success', 100));
    await screen.findByText(REBOOT_NOTICE);
    expect(screen.queryByTestId('firmware-progress')).toBeNull();
  }, 15_000);

  it('shows why a burn failed and retries the same version', async () => {
    const { send, received } = await showPanel();
    send(burn('failure', 37, 'Checksum mismatch'));
    await waitFor(() => expect(screen.getByTestId('firmware-failure').textContent).toContain('Checksum mismatch'));
    await update('Retry');
    await waitFor(() => expect(received.filter((frame) => frame.cmd === 100)).toEqual([expect.objectContaining({ data: { ...bms, version: '2.4.1' } })]));
  });

  it("shows the server's refusal from the acknowledgement", async () => {
    const msg = 'Disconnect AC and DC loads before updating the battery firmware';
    await showPanel({ ok: false, msg });
    await update('Update to 2.4.1');
    await waitFor(() => expect(screen.getByTestId('firmware-refusal').textContent).toBe(`Update refused${msg}.`));
    // Said once: the standing note gives way to the refusal that says it.
    expect(within(screen.getByTestId('firmware-panel')).getAllByText(BATTERY_NOTE)).toHaveLength(1);
  });

  it('starts nothing before a confirmation naming the device, the versions and, for the battery, the loads note', async () => {
    const { received } = await showPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Update to 2.4.1' }));
    const text = await screen.findByTestId('firmware-confirm-text');
    expect(text.textContent).toContain('Update the Battery firmware of Van 7 from 2.3.0 to 2.4.1?');
    expect(screen.getByTestId('firmware-confirm-note').textContent).toBe(BATTERY_NOTE);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('firmware-confirm-text')).toBeNull());
    expect(received.filter((frame) => frame.cmd === 100)).toEqual([]);
  });

  it('offers no update for the display, only the phone-app note', async () => {
    await showPanel({ ok: true }, { vehicleId: 'v1', deviceType: 'system', deviceId: 0 }, 'Display');
    expect(screen.getByText(DISPLAY_NOTE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Update to/ })).toBeNull();
  });

  it('reads the version the device reports (cmd 97) and then has nothing newer to offer', async () => {
    const { send } = await showPanel();
    send({ cmd: 97, data: { ...bms, version: '2.4.1' } });
    await waitFor(() => expect(screen.getByTestId('firmware-version').textContent).toBe('2.4.1'));
    expect(screen.getByTestId('firmware-available').textContent).toBe('Up to date');
  });
});
