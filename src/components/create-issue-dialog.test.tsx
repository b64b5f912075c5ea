import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, vehicleRow } from '../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../streams/testing/fake-console';
import { renderLive } from '../test-support/render-live';
import { CreateIssueDialog } from './create-issue-dialog';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
  window.history.replaceState(null, '', '/');
});

describe('New issue with a vehicle picked', () => {
  it('finds the vehicle by what is typed, beyond any first page, and files the issue for it', { timeout: 20_000 }, async () => {
    const searched: string[] = [];
    const filed: unknown[] = [];
    live = await startFakeConsole({
      'GET /customization/vehicle/v1/query/list': (url) => {
        const search = url.searchParams.get('search') ?? '';
        searched.push(search);
        const rows = search === 'SN-99871' ? [vehicleRow('v99871', { name: 'Coach 99871' })] : Array.from({ length: 20 }, (_, i) => vehicleRow(`v${i}`));
        return Response.json(ok({ rows, total: search ? rows.length : 100_000 }));
      },
      'POST /customization/issue/v1/add/single': async (_url, init) => {
        filed.push(JSON.parse(String(init.body)));
        return Response.json(ok({ id: 'issue-1' }));
      },
    });
    await renderLive(live.console, <CreateIssueDialog open origin={null} onClose={() => undefined} />);
    const box = await screen.findByRole('combobox', { name: 'Vehicle' }, { timeout: 10_000 });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: 'SN-99871' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Coach 99871' }, { timeout: 5000 }));
    expect((box as HTMLInputElement).value).toBe('Coach 99871');
    fireEvent.change(screen.getByRole('textbox', { name: /Title/ }), { target: { value: 'Door seal leaks' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create issue' }));
    await expect.poll(() => filed).toEqual([{ vehicleId: 'v99871', title: 'Door seal leaks', description: '' }]);
    expect(searched).toContain('SN-99871');
  });
});
