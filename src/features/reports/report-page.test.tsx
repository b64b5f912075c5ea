import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok, vehicleRow } from '../../../streams/testing/fake-api';
import { startFakeConsole, type FakeConsole } from '../../../streams/testing/fake-console';
import { renderLive } from '../../test-support/render-live';

// The charts' library asks for the pixel ratio as it loads; jsdom has no media queries.
vi.hoisted(() => {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  })) as never;
});
const { default: ReportPage } = await import('./report-page');

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
  window.history.replaceState(null, '', '/');
});

const REPORT = {
  id: 'r1',
  name: 'Weekly',
  description: '',
  dataName: 'Energy',
  fleetId: 'f1',
  fleetName: 'North',
  ownerId: null,
  sharing: 'view',
  permission: 'edit',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const EMPTY_RESULT = { from: '', to: '', vehicles: [], days: [], alarms: [], firmware: [] };

/** A call the test answers when it chooses; counts what was asked. */
function held() {
  const waiting: Array<() => void> = [];
  let asked = 0;
  return {
    route: (answer: () => unknown) => () => {
      asked += 1;
      return new Promise<Response>((resolve) => waiting.push(() => resolve(Response.json(answer()))));
    },
    releaseAll: () => waiting.splice(0).forEach((release) => release()),
    asked: () => asked,
  };
}

async function openReport(routes: Parameters<typeof startFakeConsole>[0], generate = true) {
  window.history.replaceState(null, '', '/data/report/page?reportId=r1');
  live = await startFakeConsole({
    'GET /customization/report/v1/get/detail': ok(REPORT),
    'GET /customization/subfleet/v1/query/list': ok({ rows: [], total: 0 }),
    ...routes,
  });
  const view = await renderLive(live.console, <ReportPage />);
  const button = await screen.findByRole('button', { name: 'Generate report' }, { timeout: 10_000 });
  if (generate) fireEvent.click(button);
  return view;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the report page', () => {
  it("left while the fleet's vehicles are still being read, starts no computation", { timeout: 20_000 }, async () => {
    const vehicles = held();
    const compute = held();
    const view = await openReport({
      'GET /customization/vehicle/v1/query/list': vehicles.route(() => ok({ rows: [vehicleRow('v1'), vehicleRow('v2')], total: 2 })),
      'POST /customization/report/v1/query/compute': compute.route(() => ok(EMPTY_RESULT)),
    });
    await expect.poll(vehicles.asked).toBeGreaterThan(0);
    view.unmount();
    vehicles.releaseAll();
    await settle();
    expect(compute.asked()).toBe(0);
  });

  it('left during the computation, asks for no further batch', { timeout: 20_000 }, async () => {
    const compute = held();
    const many = Array.from({ length: 60 }, (_, i) => vehicleRow(`v${i}`));
    const view = await openReport({
      'GET /customization/vehicle/v1/query/list': ok({ rows: many, total: many.length }),
      'POST /customization/report/v1/query/compute': compute.route(() => ok(EMPTY_RESULT)),
    });
    await expect.poll(compute.asked).toBe(1);
    view.unmount();
    compute.releaseAll();
    await settle();
    expect(compute.asked()).toBe(1);
  });

  it('reports on vehicles found by typing, whatever the size of the fleet', { timeout: 20_000 }, async () => {
    const searched: string[] = [];
    const computed: unknown[] = [];
    await openReport(
      {
        'GET /customization/vehicle/v1/query/list': (url) => {
          searched.push(url.search);
          const search = url.searchParams.get('search') ?? '';
          // Vehicle 70412 of a fleet of 100,000: never in a first page.
          const rows = search === '70412' ? [vehicleRow('v70412', { name: 'Coach 70412' })] : Array.from({ length: 20 }, (_, i) => vehicleRow(`v${i}`));
          return Response.json(ok({ rows, total: search ? rows.length : 100_000 }));
        },
        'POST /customization/report/v1/query/compute': async (_url, init) => {
          computed.push(JSON.parse(String(init.body)));
          return Response.json(ok(EMPTY_RESULT));
        },
      },
      false,
    );
    fireEvent.change(screen.getByRole('combobox', { name: 'Report on' }), { target: { value: 'vehicles' } });
    const box = await screen.findByRole('combobox', { name: 'Add a vehicle' });
    fireEvent.focus(box);
    fireEvent.change(box, { target: { value: '70412' } });
    fireEvent.mouseDown(await screen.findByRole('option', { name: 'Coach 70412' }, { timeout: 5000 }));
    expect(screen.getByRole('list', { name: 'Chosen vehicles' }).textContent).toContain('Coach 70412');
    expect(searched.at(-1)).toBe('?fleetId=f1&search=70412&pageNum=1&pageSize=20');
    fireEvent.click(screen.getByRole('button', { name: 'Generate report' }));
    await expect.poll(() => computed.length).toBe(1);
    expect(computed[0]).toMatchObject({ reportId: 'r1', vehicleIds: ['v70412'] });
  });
});
