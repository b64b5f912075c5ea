// The history of chosen keys of one device over a chosen range, with live points while the range
// ends now, and a CSV export of the same samples.
import { useMemo, useState } from 'react';
import { Box, Button, Checkbox, Flex, HStack, Input, Text, Wrap } from '@chakra-ui/react';
import { useObservable, useObservableState } from 'observable-hooks';
import { distinctUntilChanged, filter, map, type Observable, of, shareReplay, switchMap } from 'rxjs';
import type { HistoryQuery } from '../../streams/api/history-calls';
import type { DeviceRef, KeyInfo } from '../../contract/protocol/types';
import { keyDecimals } from '../../contract/protocol/key-precision';
import { toLocalInput } from '../lib/local-time';
import { useFleetConsole } from '../lib/services';
import { displayUnit } from '../lib/units';
import { historyFrames$, type HistoryState, type LivePoint } from './history-frames';
import { QUICK_RANGES, resolveRange, type RangeChoice } from './history-range';
import { TimeSeriesChart } from './time-series-chart';
import { showError } from './toaster';
import { useDisplayUnits } from './use-display-units';

function historyQuery(device: DeviceRef, keys: readonly KeyInfo[], range: { from: Date; to: Date }): HistoryQuery {
  return { device, keys: keys.map((k) => k.key), from: range.from, to: range.to };
}

function initialKeys(keys: readonly KeyInfo[], preferred: readonly string[]): string[] {
  const chosen = preferred.filter((key) => keys.some((k) => k.key === key));
  return chosen.length > 0 ? chosen : keys.slice(0, 2).map((k) => k.key);
}

export function DeviceHistoryChart(props: {
  device: DeviceRef;
  /** The numeric keys a person may chart, with their device units. */
  keys: readonly KeyInfo[];
  defaultKeys: readonly string[];
  live$: Observable<LivePoint>;
  /** Offer the CSV export (a shared view may not download history). */
  exportable?: boolean;
}) {
  const { device, keys, live$ } = props;
  const { resources } = useFleetConsole();
  const units = useDisplayUnits();
  const [picked, setPicked] = useState<string[] | null>(null);
  const selected = picked ?? initialKeys(keys, props.defaultKeys);
  const [choice, setChoice] = useState<RangeChoice>(() => ({ kind: 'quick', id: '24h', chosenAt: Date.now() }));
  const [customFrom, setCustomFrom] = useState(() => toLocalInput(new Date(Date.now() - 86_400_000)));
  const [customTo, setCustomTo] = useState(() => toLocalInput(new Date()));
  const [exporting, setExporting] = useState(false);

  const resolved = useMemo(() => resolveRange(choice), [choice]);
  // `selected` is a new array on each render until the person picks keys: memoise on its contents.
  const selectedList = selected.join('\n');
  const selectedKeys = useMemo(() => {
    const chosen = new Set(selectedList.split('\n'));
    return keys.filter((k) => chosen.has(k.key));
  }, [keys, selectedList]);
  const chartSeries = useMemo(
    () =>
      selectedKeys.map((k) => {
        const unit = displayUnit(k.unit, units);
        return { key: k.key, label: k.label, unit, decimals: keyDecimals({ key: k.key, unit }) };
      }),
    [selectedKeys, units],
  );
  const state$ = useObservable(
    (inputs$) =>
      inputs$.pipe(
        switchMap(([rangeResult, chosen, displayUnits, live]) => {
          if (!('range' in rangeResult)) return [];
          if (chosen.length === 0) return of<HistoryState>({ status: 'ready', frame: { ts: [], series: {}, reset: true }, points: 0 });
          const range = rangeResult.range;
          return historyFrames$({
            history$: resources.historySeries$(historyQuery(device, chosen, range)),
            keys: chosen,
            units: displayUnits,
            range,
            live$: live,
          });
        }),
        shareReplay({ bufferSize: 1, refCount: true }),
      ),
    [resolved, selectedKeys, units, live$],
  );
  const frames$ = useMemo(
    () =>
      state$.pipe(
        filter((s) => s.status === 'ready'),
        map((s) => s.frame),
      ),
    [state$],
  );
  const status = useObservableState(
    useMemo(
      () =>
        state$.pipe(
          map((s) => (s.status === 'error' ? s.message : s.status === 'ready' && s.points === 0 ? 'empty' : s.status)),
          distinctUntilChanged(),
        ),
      [state$],
    ),
    'loading',
  );

  const toggle = (key: string, on: boolean) => setPicked(on ? [...selected, key] : selected.filter((k) => k !== key));

  const exportCsv = async () => {
    if (!('range' in resolved)) return;
    setExporting(true);
    try {
      const blob = await resources.exportHistoryCsv(historyQuery(device, selectedKeys, resolved.range));
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${device.vehicleId}-${device.deviceType}${device.deviceId}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    } catch {
      showError('The export could not be downloaded.');
    } finally {
      setExporting(false);
    }
  };

  const rangeError = 'error' in resolved ? resolved.error : null;
  return (
    <Box borderWidth="1px" borderRadius="lg" p="4" data-testid="history-chart">
      <Flex wrap="wrap" gap="3" align="center" justify="space-between" mb="3">
        <HStack gap="1" role="group" aria-label="Range">
          {QUICK_RANGES.map((range) => (
            <Button
              key={range.id}
              size="xs"
              variant={choice.kind === 'quick' && choice.id === range.id ? 'solid' : 'outline'}
              onClick={() => setChoice({ kind: 'quick', id: range.id, chosenAt: Date.now() })}
            >
              {range.label}
            </Button>
          ))}
        </HStack>
        <HStack gap="2" wrap="wrap">
          <Input size="xs" type="datetime-local" aria-label="From" width="auto" value={customFrom} onChange={(e) => setCustomFrom(e.target.value)} />
          <Input size="xs" type="datetime-local" aria-label="To" width="auto" value={customTo} onChange={(e) => setCustomTo(e.target.value)} />
          <Button
            size="xs"
            variant={choice.kind === 'custom' ? 'solid' : 'outline'}
            onClick={() => setChoice({ kind: 'custom', from: new Date(customFrom), to: new Date(customTo) })}
          >
            Show range
          </Button>
          {props.exportable !== false && (
            <Button size="xs" variant="outline" onClick={exportCsv} loading={exporting} disabled={rangeError !== null || selectedKeys.length === 0}>
              Export CSV
            </Button>
          )}
        </HStack>
      </Flex>
      <Wrap gap="3" mb="3" role="group" aria-label="Chart keys">
        {keys.map((key) => (
          <Checkbox.Root key={key.key} size="sm" checked={selected.includes(key.key)} onCheckedChange={(e) => toggle(key.key, e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{key.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Wrap>
      {rangeError ? (
        <Text role="alert" color="fg.error" data-testid="range-error">
          {rangeError}
        </Text>
      ) : (
        <Box position="relative" data-status={status} data-testid="chart-area">
          <TimeSeriesChart series={chartSeries} data$={frames$} height={260} label="History chart" />
          {status !== 'ready' && (
            <Text
              position="absolute"
              top="2"
              left="50%"
              transform="translateX(-50%)"
              fontSize="sm"
              color={status === 'loading' || status === 'empty' ? 'fg.muted' : 'fg.error'}
            >
              {status === 'loading'
                ? 'Loading history…'
                : status === 'empty'
                  ? selectedKeys.length === 0
                    ? 'Choose keys to chart.'
                    : 'No data in this range yet.'
                  : status}
            </Text>
          )}
        </Box>
      )}
    </Box>
  );
}
