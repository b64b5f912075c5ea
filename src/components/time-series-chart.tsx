// A uPlot line chart fed from an observable: the plot is built once per series set (and theme),
// and every frame goes straight to setData, never through React state.
import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { useSubscription } from 'observable-hooks';
import type { Observable } from 'rxjs';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { remScale } from '../lib/rem-scale';
import { useColorMode, type ColorMode } from '../lib/color-mode';
import { formatNumber } from './device-value';

export interface ChartSeries {
  key: string;
  label: string;
  unit?: string | undefined;
  /** The key's precision in the legend's values (the tooltip); uPlot's own when absent. */
  decimals?: number;
}

export interface SeriesColumns {
  avg: readonly (number | null)[];
  min?: readonly (number | null)[];
  max?: readonly (number | null)[];
}

/** How many decimals a step between ticks needs: 0.25 → 2, 5 → 0. */
const decimalsOf = (step: number): number => {
  const text = String(Number(step.toPrecision(6)));
  return text.includes('.') ? Math.min(text.length - text.indexOf('.') - 1, 6) : 0;
};

/** A value axis tick, rounded to its step (`28.3 °C`, not `28.2999998 °C`). */
export const tickText = (tick: number, step: number, unit: string): string => {
  const value = Number.isFinite(step) && step > 0 ? tick.toFixed(decimalsOf(step)) : String(Number(tick.toPrecision(6)));
  return unit ? `${value} ${unit}` : value;
};

/** Columnar data: times in epoch ms and, per series key, values aligned with them. */
export interface ChartFrame {
  ts: readonly number[];
  series: Readonly<Record<string, SeriesColumns>>;
  /** A new range: rescale even when the user has zoomed in. */
  reset?: boolean;
}

const PALETTE = ['#3b82f6', '#f97316', '#10b981', '#e11d48', '#a855f7', '#eab308', '#06b6d4', '#84cc16'];

const THEME: Record<ColorMode, { axis: string; grid: string }> = {
  light: { axis: '#52525b', grid: 'rgba(0, 0, 0, 0.08)' },
  dark: { axis: '#a1a1aa', grid: 'rgba(255, 255, 255, 0.1)' },
};

const seriesColor = (index: number): string => PALETTE[index % PALETTE.length]!;
/** Similar series (six tyres, four tanks) differ in dash as well as colour, for print and colour-blind eyes. */
const DASHES: readonly number[][] = [[], [8, 4], [2, 3], [10, 3, 2, 3]];
const seriesDash = (index: number): number[] => DASHES[index % DASHES.length]!;
/** The legend's marker for each of those dashes (a border style), so that lines drawn on top of each other are still told apart there. */
const MARKER_STYLES = ['solid', 'dashed', 'dotted', 'double'] as const;
/** uPlot's series 1 + 3k is the average line of chart series k (its band edges follow). */
const markerStyle = (_: uPlot, seriesIdx: number) => MARKER_STYLES[Math.floor((seriesIdx - 1) / 3) % MARKER_STYLES.length]!;

/** uPlot's layout: x in seconds, then per series its average, minimum and maximum. */
export function toAlignedData(series: readonly ChartSeries[], frame: ChartFrame): uPlot.AlignedData {
  const columns: (readonly (number | null)[])[] = [frame.ts.map((t) => t / 1000)];
  const empty = frame.ts.map(() => null);
  for (const { key } of series) {
    const column = frame.series[key];
    const avg = column?.avg ?? empty;
    columns.push(avg, column?.min ?? avg, column?.max ?? avg);
  }
  return columns as uPlot.AlignedData;
}

/** Marks only the newest reading, so a live value shows even while it spans no pixels yet. */
const latestPoint = (u: uPlot, seriesIdx: number): number[] | null => {
  const values = u.data[seriesIdx]!;
  for (let i = values.length - 1; i >= 0; i--) if (values[i] !== null && values[i] !== undefined) return [i];
  return null;
};

/** Which readings get a point: the newest only (live charts), or every one (a value per day). */
export type ChartPoints = 'latest' | 'every';

/** `scale`: see remScale; a chart on a wall draws its lines and text as large as the wall's type. */
function buildOptions(series: readonly ChartSeries[], width: number, height: number, mode: ColorMode, points: ChartPoints, scale: number): uPlot.Options {
  const theme = THEME[mode];
  const font = `${Math.round(12 * scale)}px system-ui, sans-serif`;
  const ticks = { stroke: theme.grid, size: 10 * scale };
  const units = [...new Set(series.map((s) => s.unit ?? ''))];
  const scaleOf = (unit: string | undefined) => `y:${unit ?? ''}`;
  const plotted: uPlot.Series[] = [{}];
  const bands: uPlot.Band[] = [];
  series.forEach((s, i) => {
    const color = seriesColor(i);
    const label = s.unit ? `${s.label} (${s.unit})` : s.label;
    const avgIndex = plotted.length;
    plotted.push(
      {
        label,
        stroke: color,
        dash: seriesDash(i),
        width: 1.5 * scale,
        scale: scaleOf(s.unit),
        spanGaps: false,
        points: { show: true, size: 6 * scale, fill: color, ...(points === 'latest' ? { filter: latestPoint } : {}) },
        // Readings as the device pages show them, never float noise (28.2999998).
        value: (_: uPlot, v: number | null) => (v === null ? '--' : formatNumber(v, s.decimals)),
      },
      { label: `${label} min`, stroke: 'transparent', scale: scaleOf(s.unit), points: { show: false } },
      { label: `${label} max`, stroke: 'transparent', scale: scaleOf(s.unit), points: { show: false } },
    );
    bands.push({ series: [avgIndex + 2, avgIndex + 1], fill: `${color}26` });
  });
  return {
    width,
    height,
    series: plotted,
    bands,
    scales: { x: { time: true } },
    legend: { live: true, markers: { width: 3, dash: markerStyle } },
    cursor: { drag: { x: true, y: false, setScale: true } },
    axes: [
      { stroke: theme.axis, grid: { stroke: theme.grid }, ticks, font, size: 50 * scale, space: 50 * scale },
      ...units.map((unit, i) => ({
        scale: scaleOf(unit),
        side: i % 2 === 0 ? 3 : 1,
        values: (_: uPlot, splits: number[], _axis: number, _space: number, increment: number) => splits.map((tick) => tickText(tick, increment, unit)),
        stroke: theme.axis,
        grid: { show: i === 0, stroke: theme.grid },
        ticks,
        font,
        space: 30 * scale,
        size: valueAxisSize,
      })),
    ],
  } as uPlot.Options;
}

/** A value axis as wide as its longest label ("11.75 km/h"), so no label is clipped at the edge. */
function valueAxisSize(self: uPlot, values: string[] | null, axisIndex: number, cycle: number): number {
  const axis = self.axes[axisIndex] as uPlot.Axis & { _size?: number; font?: [string, number] };
  // uPlot calls again when sizes change the ticks; keep the first measure to settle.
  if (cycle > 1 && axis._size !== undefined) return axis._size;
  const longest = (values ?? []).reduce((widest, value) => (value.length > widest.length ? value : widest), '');
  const gap = (axis.ticks?.size ?? 10) + (axis.gap ?? 5);
  if (longest === '' || !axis.font) return 64;
  self.ctx.font = axis.font[0];
  return Math.max(40, Math.ceil(gap + self.ctx.measureText(longest).width / (window.devicePixelRatio || 1)));
}

export function TimeSeriesChart(props: { series: readonly ChartSeries[]; data$: Observable<ChartFrame>; height?: number; label?: string; points?: ChartPoints }) {
  const { series, data$, height = 280, points = 'latest' } = props;
  const mode = useColorMode();
  const containerRef = useRef<HTMLDivElement>(null);
  const plotRef = useRef<uPlot | null>(null);
  const lastFrameRef = useRef<ChartFrame | null>(null);
  const zoomedRef = useRef(false);
  const seriesRef = useRef(series);
  seriesRef.current = series;
  const signature = series.map((s) => `${s.key}|${s.label}|${s.unit ?? ''}`).join(',');

  useEffect(() => {
    const container = containerRef.current!;
    const current = seriesRef.current;
    const scale = remScale();
    const scaledHeight = height * scale;
    const options = buildOptions(current, Math.max(container.clientWidth, 300), scaledHeight, mode, points, scale);
    options.hooks = {
      setSelect: [
        (u) => {
          if (u.select.width > 0) zoomedRef.current = true;
        },
      ],
    };
    const last = lastFrameRef.current;
    const plot = new uPlot(options, last ? toAlignedData(current, last) : toAlignedData(current, { ts: [], series: {} }), container);
    plotRef.current = plot;
    zoomedRef.current = false;
    // The band edges are drawing aids, not readings: keep them out of the legend.
    plot.root.querySelector<HTMLElement>('.u-legend')?.style.setProperty('font-size', '0.875rem');
    plot.root.querySelectorAll<HTMLElement>('.u-legend .u-series').forEach((row, i) => {
      if (i > 0 && (i - 1) % 3 !== 0) row.style.display = 'none';
    });
    const onDoubleClick = () => {
      zoomedRef.current = false;
    };
    plot.over.addEventListener('dblclick', onDoubleClick);
    const resize = new ResizeObserver(() => plot.setSize({ width: Math.max(container.clientWidth, 300), height: scaledHeight }));
    resize.observe(container);
    return () => {
      resize.disconnect();
      plot.over.removeEventListener('dblclick', onDoubleClick);
      plot.destroy();
      plotRef.current = null;
    };
  }, [signature, height, mode, points]);

  useSubscription(data$, (frame) => {
    lastFrameRef.current = frame;
    if (frame.reset) zoomedRef.current = false;
    plotRef.current?.setData(toAlignedData(seriesRef.current, frame), !zoomedRef.current);
  });

  return <Box ref={containerRef} width="100%" minWidth="0" aria-label={props.label} role="img" data-testid="time-series-chart" />;
}
