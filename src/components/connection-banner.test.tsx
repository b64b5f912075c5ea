import { cleanup, screen, waitFor } from '@testing-library/react';
import { useObservableState } from 'observable-hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, vehicleRow } from '../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../streams/testing/fake-console';
import { useFleetConsole } from '../lib/services';
import { renderLive } from '../test-support/render-live';
import { ConnectionBanner } from './connection-banner';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

/** The number of vehicles the console holds and the first one's status, as a screen would show them. */
function FleetLine() {
  const summary = useObservableState(useFleetConsole().fleet.summary$);
  const v1 = useObservableState(useFleetConsole().fleet.vehicle$('v1'));
  return <p data-testid="fleet-line">{`${summary?.total ?? 0} vehicles, v1 ${v1?.status ?? 'unknown'}`}</p>;
}

describe('ConnectionBanner', () => {
  it('says the vehicle list is being retried while the snapshot fails, and the fleet fills once the server answers', async () => {
    const server = { up: false };
    live = await startFakeConsole(
      {
        'GET /customization/vehicle/v1/query/snapshot': () =>
          server.up ? Response.json(ok({ rows: [vehicleRow('v1'), vehicleRow('v2')], total: 2 })) : Response.json({ code: 503, msg: 'unavailable', data: null }),
      },
      { untilFleet: false },
    );
    await renderLive(
      live.console,
      <>
        <ConnectionBanner />
        <FleetLine />
      </>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('connection-banner').textContent).toMatch(
        /^The vehicle list could not be loaded, retrying \(attempt \d+\)\. Live updates are kept meanwhile\.$/,
      ),
    );
    expect(screen.getByTestId('fleet-line').textContent).toBe('0 vehicles, v1 unknown');
    live.send({ cmd: 19, data: { vehicleId: 'v1', status: 'alarm', ts: Date.parse('2026-01-01T00:05:00Z'), alarms: 1 } });
    server.up = true;
    await waitFor(() => expect(screen.getByTestId('fleet-line').textContent).toBe('2 vehicles, v1 alarm'));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });
});
