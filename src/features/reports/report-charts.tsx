// The report's charts, a point per day of the range joined by lines: energy in and out per source,
// distance and average SOC, on the console's uPlot chart. Today, not yet a whole day, is left out.
import { useMemo } from 'react';
import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { of } from 'rxjs';
import type { ReportResult } from '../../../streams/api/report-calls';
import type { DisplayUnits } from '../../../streams/session/profile-store';
import { type ChartFrame, type ChartSeries, TimeSeriesChart } from '../../components/time-series-chart';
import { formatClock } from '../../lib/date-format';
import { displayUnit, toDisplay } from '../../lib/units';
import { partialDayStart } from './partial-day';

const ENERGY: ChartSeries[] = [
  { key: 'solar', label: 'Solar', unit: 'kWh' },
  { key: 'dcdc', label: 'Alternator / DC-DC', unit: 'kWh' },
  { key: 'shore', label: 'Shore charger', unit: 'kWh' },
  { key: 'consumption', label: 'Consumption', unit: 'kWh' },
];

const round2 = (x: number) => Math.round(x * 100) / 100;
const DAY_MS = 86_400_000;

export function ReportCharts({ result, units, nowMs }: { result: ReportResult; units: DisplayUnits; nowMs: number }) {
  const distance = toDisplay('km', units);
  const usage: ChartSeries[] = [
    { key: 'distance', label: 'Distance', unit: displayUnit('km', units) },
    { key: 'soc', label: 'SOC average', unit: '%' },
  ];
  const partial = partialDayStart(result, nowMs);
  const frames = useMemo(() => {
    // Every day of the range, so the time axis spans the range whatever days have data, and its end.
    const byDay = new Map(result.days.filter((d) => d.day !== partial).map((d) => [d.day, d]));
    const from = Date.parse(result.from);
    const to = Date.parse(result.to);
    const ts: number[] = [];
    for (let day = Math.floor(from / DAY_MS) * DAY_MS; day < to; day += DAY_MS) ts.push(day);
    const column = (value: (d: (typeof result.days)[number]) => number | null) => [...ts.map((day) => (byDay.has(day) ? value(byDay.get(day)!) : null)), null];
    const axis = [...ts, to];
    const energy: ChartFrame = {
      ts: axis,
      reset: true,
      series: Object.fromEntries(ENERGY.map((s) => [s.key, { avg: column((d) => round2(d.energyKwh[s.key as keyof typeof d.energyKwh])) }])),
    };
    const use: ChartFrame = {
      ts: axis,
      reset: true,
      series: {
        distance: { avg: column((d) => round2(distance(d.distanceKm))) },
        soc: { avg: column((d) => (d.socCount > 0 ? round2(d.socSum / d.socCount) : null)) },
      },
    };
    return { energy$: of(energy), use$: of(use) };
  }, [result, distance, partial]);
  if (result.days.length === 0) return null;
  return (
    <Stack gap="2">
      {partial !== null && (
        <Text fontSize="sm" color="fg.muted" data-testid="report-partial-day">
          Today is not drawn in the daily charts: it has only run until {formatClock(nowMs)}.
        </Text>
      )}
      <SimpleGrid columns={{ base: 1, xl: 2 }} gap="4">
        <Box borderWidth="1px" borderRadius="lg" p="4" minWidth="0">
          <Heading as="h3" size="md" mb="2">
            Energy per day
          </Heading>
          <TimeSeriesChart series={ENERGY} data$={frames.energy$} height={240} label="Energy in and out per day" points="every" />
        </Box>
        <Box borderWidth="1px" borderRadius="lg" p="4" minWidth="0">
          <Heading as="h3" size="md" mb="2">
            Distance and SOC per day
          </Heading>
          <TimeSeriesChart series={usage} data$={frames.use$} height={240} label="Distance and average SOC per day" points="every" />
        </Box>
      </SimpleGrid>
    </Stack>
  );
}
