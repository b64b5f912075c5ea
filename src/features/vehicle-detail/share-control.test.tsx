import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Share } from '../../../contract/api/types';
import { ok } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';
import { ShareControl } from './share-control';

const share: Share = {
  id: 'share-1',
  account: 'acc-1234567890abcdef',
  link: 'http://console.test/share?tk=acc-1234567890abcdef',
  protection: 1,
  active: true,
  vehicleId: 'v1',
  vehicleName: 'Harbour van',
  createdAt: '2026-05-01T00:00:00.000Z',
  expiresAt: null,
};
/** Chakra's dialog and switches render slowly in jsdom on a busy machine. */
const DIALOG_TEST_MS = 30_000;
const LIST = 'GET /customization/share/v1/query/list';
const ACCESS = 'GET /customization/share/v1/query/access';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
});

async function openDialog() {
  await renderLive(live!.console, <ShareControl vehicleId="v1" vehicleName="Harbour van" />);
  fireEvent.click(screen.getByTestId('share-button'));
  return screen.findByTestId('share-dialog');
}

describe('ShareControl', () => {
  it(
    "shares a vehicle for the first time only with a password under the spec's rules",
    async () => {
      const added: unknown[] = [];
      let shares: Share[] = [];
      live = await startFakeConsole({
        [LIST]: () => Response.json(ok({ rows: shares, total: shares.length })),
        [ACCESS]: ok({ rows: [], total: 0 }),
        'POST /customization/share/v1/add/single': (_url, init) => {
          added.push(JSON.parse(String(init.body)));
          shares = [share];
          return Response.json(ok(share));
        },
      });
      const dialog = await openDialog();
      const save = await within(dialog).findByRole('button', { name: 'Save' });
      fireEvent.click(save);
      expect(await within(dialog).findByText('Please enter password!')).toBeTruthy();
      fireEvent.change(within(dialog).getByPlaceholderText('6 to 12 characters'), { target: { value: 'letmein1234567' } });
      expect(await within(dialog).findByText('Input cannot be empty and must not exceed 12 characters!')).toBeTruthy();
      expect(added).toEqual([]);
      fireEvent.change(within(dialog).getByPlaceholderText('6 to 12 characters'), { target: { value: 'letmein1' } });
      fireEvent.click(save);
      await waitFor(() => expect(added).toEqual([{ vehicleId: 'v1', protection: 1, password: 'letmein1', expiresAt: null }]));
      expect(((await within(dialog).findByTestId('share-link')) as HTMLInputElement).value).toBe(share.link);
      expect(await within(dialog).findByText('Nobody has opened this link yet.')).toBeTruthy();
    },
    DIALOG_TEST_MS,
  );

  it(
    'gives a new link by closing and sharing again, and shows who opened the old one',
    async () => {
      const updates: Array<Record<string, unknown>> = [];
      let current = share;
      live = await startFakeConsole({
        [LIST]: () => Response.json(ok({ rows: [current], total: 1 })),
        [ACCESS]: ok({
          rows: [
            { id: '2', at: '2026-05-02T10:00:00.000Z', address: '203.0.113.7', outcome: 'success', detail: '' },
            { id: '1', at: '2026-05-02T09:59:00.000Z', address: '203.0.113.7', outcome: 'failure', detail: 'wrong password' },
          ],
          total: 2,
        }),
        'PUT /customization/share/v1/update/single': (_url, init) => {
          const body = JSON.parse(String(init.body)) as Record<string, unknown>;
          updates.push(body);
          current = body.active ? { ...share, account: 'acc-new-1234567890ab', link: 'http://console.test/share?tk=acc-new-1234567890ab' } : { ...share, active: false };
          return Response.json(ok(current));
        },
      });
      const dialog = await openDialog();
      const log = await within(dialog).findByTestId('share-access-log');
      expect(within(log).getAllByText('203.0.113.7')).toHaveLength(2);
      expect(within(log).getByText('Wrong password')).toBeTruthy();
      expect(within(log).getByText('Opened')).toBeTruthy();

      fireEvent.click(within(dialog).getByRole('button', { name: 'New link' }));
      await waitFor(() =>
        expect(updates).toEqual([
          { account: share.account, active: false, protection: 1 },
          { account: share.account, active: true, protection: 1, expiresAt: null },
        ]),
      );
      await waitFor(async () => expect(((await within(dialog).findByTestId('share-link')) as HTMLInputElement).value).toContain('acc-new-1234567890ab'));
    },
    DIALOG_TEST_MS,
  );
});
