import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { Subject } from 'rxjs';
import { TimeSeriesChart, tickText, toAlignedData, type ChartFrame, type ChartSeries } from './time-series-chart';

const plots = vi.hoisted(
  () =>
    [] as Array<{
      options: { series: unknown[]; hooks: { setSelect: Array<(u: unknown) => void> } };
      setData: ReturnType<typeof vi.fn>;
      destroy: ReturnType<typeof vi.fn>;
      select: { width: number };
    }>,
);

vi.mock('uplot', () => ({
  default: class {
    options: unknown;
    setData = vi.fn();
    setSize = vi.fn();
    destroy = vi.fn();
    select = { width: 0 };
    root = document.createElement('div');
    over = document.createElement('div');
    constructor(options: unknown) {
      this.options = options;
      plots.push(this as never);
    }
  },
}));

beforeAll(() => {
  globalThis.ResizeObserver = class {
    observe() {}
    disconnect() {}
    unobserve() {}
  } as unknown as typeof ResizeObserver;
});

afterEach(() => {
  cleanup();
  plots.length = 0;
});

const series: ChartSeries[] = [
  { key: 'soc', label: 'State of charge', unit: '%' },
  { key: 'voltage', label: 'Voltage', unit: 'V' },
];

function renderChart(data$: Subject<ChartFrame>, chartSeries = series) {
  return render(
    <ChakraProvider value={defaultSystem}>
      <TimeSeriesChart series={chartSeries} data$={data$} />
    </ChakraProvider>,
  );
}

describe('tickText', () => {
  it('rounds a tick to the step between ticks, with its unit', () => {
    expect(tickText(28.2999998, 0.1, '°C')).toBe('28.3 °C');
    expect(tickText(0.30000000000000004, 0.05, 'V')).toBe('0.30 V');
    expect(tickText(1500, 500, '')).toBe('1500');
    expect(tickText(12.5, 0.25, 'kWh')).toBe('12.50 kWh');
  });
});

describe('toAlignedData', () => {
  it('puts time in seconds first, then average, min and max of each series; missing keys are gaps', () => {
    const data = toAlignedData(series, {
      ts: [1_000, 2_000],
      series: { soc: { avg: [50, 51], min: [49, 50], max: [52, 53] } },
    });
    expect(data).toEqual([
      [1, 2],
      [50, 51],
      [49, 50],
      [52, 53],
      [null, null],
      [null, null],
      [null, null],
    ]);
  });

  it('uses the average as the band when a frame has no min or max (live points)', () => {
    const data = toAlignedData([series[0]!], { ts: [5_000], series: { soc: { avg: [70] } } });
    expect(data).toEqual([[5], [70], [70], [70]]);
  });
});

describe('TimeSeriesChart', () => {
  it('sizes each value axis to its longest label', () => {
    renderChart(new Subject<ChartFrame>());
    type SizeOf = (self: unknown, values: string[] | null, axis: number, cycle: number) => number;
    const axes = (plots[0]!.options as unknown as { axes: Array<{ size: SizeOf }> }).axes;
    const measured = { ticks: { size: 10 }, gap: 5, font: ['12px Inter', 12], _size: undefined as number | undefined };
    // Labels measured 7 px a character, at a device pixel ratio of 1.
    const self = { axes: [{}, measured], ctx: { font: '', measureText: (text: string) => ({ width: text.length * 7 }) } };
    expect(axes[1]!.size(self, ['10.5 km/h', '11.75 km/h'], 1, 0)).toBe(10 + 5 + 70);
    measured._size = 85;
    expect(axes[1]!.size(self, ['1 km/h'], 1, 2)).toBe(85);
    expect(self.ctx.font).toBe('12px Inter');
  });

  it('creates the plot once and feeds every frame through setData', () => {
    const data$ = new Subject<ChartFrame>();
    renderChart(data$);
    expect(plots).toHaveLength(1);
    act(() => data$.next({ ts: [1_000], series: { soc: { avg: [50] }, voltage: { avg: [13.1] } } }));
    act(() => data$.next({ ts: [1_000, 2_000], series: { soc: { avg: [50, 51] }, voltage: { avg: [13.1, 13.2] } } }));
    expect(plots).toHaveLength(1);
    expect(plots[0]!.setData).toHaveBeenCalledTimes(2);
    expect(plots[0]!.setData.mock.calls[1]![0][0]).toEqual([1, 2]);
    expect(plots[0]!.setData.mock.calls[1]![1]).toBe(true);
  });

  it("keeps the user's zoom on live frames and drops it for a new range", () => {
    const data$ = new Subject<ChartFrame>();
    renderChart(data$);
    const plot = plots[0]!;
    plot.select.width = 120;
    plot.options.hooks.setSelect[0]!(plot);
    act(() => data$.next({ ts: [1_000], series: {} }));
    expect(plot.setData.mock.calls[0]![1]).toBe(false);
    act(() => data$.next({ ts: [2_000], series: {}, reset: true }));
    expect(plot.setData.mock.calls[1]![1]).toBe(true);
  });

  it('rebuilds the plot when the chosen series change, and destroys the old one', () => {
    const data$ = new Subject<ChartFrame>();
    const view = renderChart(data$);
    view.rerender(
      <ChakraProvider value={defaultSystem}>
        <TimeSeriesChart series={[series[0]!]} data$={data$} />
      </ChakraProvider>,
    );
    expect(plots).toHaveLength(2);
    expect(plots[0]!.destroy).toHaveBeenCalled();
    expect(plots[1]!.options.series).toHaveLength(4);
  });
});

describe('points', () => {
  const pointsOf = () =>
    (plots[0]!.options.series as Array<{ points?: { show: boolean; filter?: unknown } }>)
      .slice(1)
      .filter((_, i) => i % 3 === 0)
      .map((s) => s.points);

  it('marks only the newest reading of a live chart, and every reading of a chart of days', () => {
    renderChart(new Subject<ChartFrame>());
    expect(pointsOf().every((p) => p?.show === true && typeof p.filter === 'function')).toBe(true);
    cleanup();
    plots.length = 0;
    render(
      <ChakraProvider value={defaultSystem}>
        <TimeSeriesChart series={series} data$={new Subject<ChartFrame>()} points="every" />
      </ChakraProvider>,
    );
    expect(pointsOf().every((p) => p?.show === true && p.filter === undefined)).toBe(true);
  });
});
