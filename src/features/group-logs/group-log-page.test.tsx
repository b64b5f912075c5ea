import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { FakeRoute } from '../../../streams/testing/fake-api';
import { ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { NO_ACCESS_TEXT } from '../../components/resource-view';
import { renderLive } from '../../test-support/render-live';
import GroupLogPage from './group-log-page';

const LIST = 'GET /customization/grouplog/v1/query/list';

// jsdom lays nothing out; give the list's scroller a height so the virtualiser draws rows.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 800 });
Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 1200 });

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

async function showPage(answer: FakeRoute) {
  live = await startFakeConsole({ [LIST]: answer });
  await renderLive(live.console, <GroupLogPage />);
}

describe('GroupLogPage', () => {
  it('says so when the role may not read the group log, instead of spinning', async () => {
    await showPage(() => Response.json({ code: 403, msg: 'No access', data: null }, { status: 403 }));
    expect((await screen.findByRole('alert')).textContent).toBe(NO_ACCESS_TEXT);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when there are no group operations yet', async () => {
    await showPage(ok({ rows: [], total: 0 }));
    await screen.findByText(/^No group operations yet\. Start one from the vehicle list/);
  });

  it('lists the operations with how many vehicles succeeded, failed and are pending', async () => {
    await showPage(
      ok({
        rows: [
          {
            id: '7',
            operation: 'firmware',
            userId: 'u1',
            userName: 'Ops',
            deviceType: 'bms',
            detail: { version: '2.4.1' },
            createdAt: '2026-01-01T10:00:00.000Z',
            vehicles: 3,
            success: 2,
            failure: 1,
            running: 0,
          },
        ],
        total: 1,
      }),
    );
    await screen.findByText('Firmware to version 2.4.1');
    expect(screen.getByTestId('group-log-outcome').textContent).toBe('2 succeeded, 1 failed, 0 pending');
  });
});
