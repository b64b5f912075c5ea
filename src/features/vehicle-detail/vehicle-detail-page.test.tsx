import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { ok, vehicleRow } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import VehicleDetailPage from './vehicle-detail-page';

// The device tab draws a history chart; jsdom cannot draw one.
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

const DETAIL = 'GET /customization/vehicle/v1/get/detail';
const detail = {
  ...vehicleRow('v1', { name: 'Harbour van' }),
  fleetName: 'North',
  subFleetName: null,
  depotName: null,
  kind: 'van',
  devices: [{ deviceType: 'bms', deviceId: 0, model: 'LFP-BMS 16S', version: '2.3.0', availableVersion: null }],
};

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

describe('VehicleDetailPage', () => {
  it('retries the vehicle detail after a network failure and shows the vehicle', async () => {
    let failures = 1;
    live = await startFakeConsole({
      [DETAIL]: () => {
        if (failures-- > 0) throw new TypeError('fetch failed');
        return Response.json(ok(detail));
      },
    });
    live.console.session.set('vehicleId', 'v1');
    await renderLive(live.console, <VehicleDetailPage />);
    expect((await screen.findByTestId('vehicle-name')).textContent).toBe('Harbour van');
  });

  it('says the vehicle cannot be shown when the server does not know it', async () => {
    live = await startFakeConsole({ [DETAIL]: () => Response.json({ code: 404, msg: 'Vehicle not found', data: null }, { status: 404 }) });
    live.console.session.set('vehicleId', 'v9');
    await renderLive(live.console, <VehicleDetailPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('This vehicle cannot be shown.');
  });
});
