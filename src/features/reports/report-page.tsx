// /data/report/page: the report named by the address (`reportId`, so it opens in a new tab) or
// else by the session (report id and title). Choose vehicles, a
// sub-fleet or the report's fleet, a range of at most 31 days and the tables; the server computes
// them from history and alarms, in batches whose progress shows and which can be cancelled.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Field, Heading, HStack, Input, NativeSelect, Progress, SimpleGrid, Stack, Text, Wrap, chakra } from '@chakra-ui/react';
import { EMPTY, type Subscription, defer, switchMap } from 'rxjs';
import type { ReportProgress, ReportResult } from '../../../streams/api/report-calls';
import { REPORT_TABLE_NAMES, REPORT_TABLES, type ReportTable } from '../../../contract/entities/report';
import { ResourceView } from '../../components/resource-view';
import { type PickerItem, SearchPicker } from '../../components/search-picker';
import { usePickerLookup } from '../../lib/use-picker-lookup';
import { useDisplayUnits } from '../../components/use-display-units';
import { usePinnedSearch } from '../../lib/navigation';
import { useFleetConsole } from '../../lib/services';
import { useResource } from '../../lib/use-resource';
import { atLeastOne, EVENT_RANGE_MAX_DAYS, eventDateRange } from '../../lib/validation';
import { formatClock } from '../../lib/date-format';
import { partialDayStart } from './partial-day';
import { ReportCharts } from './report-charts';
import { ReportTableCard } from './report-table-card';
import { reportTables } from './report-tables';

type Target = 'fleet' | 'subFleet' | 'vehicles';

const TableOption = chakra('label', { base: { display: 'inline-flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', cursor: 'pointer' } });

const DAY_MS = 86_400_000;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
/** Midnight UTC of a yyyy-mm-dd day; the range's end day is included. */
const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

export default function ReportPage() {
  const { resources, session } = useFleetConsole();
  const fromQuery = new URLSearchParams(usePinnedSearch()).get('reportId');
  // The session's title names the session's report; an address naming another shows its own name.
  const title = !fromQuery || fromQuery === session.get('reportId') ? session.get('reportTitle') : null;
  const reportId = fromQuery ?? session.get('reportId') ?? '';
  const report = useResource(() => resources.reports.get$(reportId), [resources, reportId]);
  return (
    <ResourceView state={report} failed="This report cannot be shown. Open it again from the reports list.">
      {(r) => <ReportBuilder reportId={r.id} title={title ?? r.name} fleetId={r.fleetId} dataName={r.dataName} description={r.description} />}
    </ResourceView>
  );
}

function ReportBuilder(props: { reportId: string; title: string; fleetId: string; dataName: string; description: string }) {
  const { resources } = useFleetConsole();
  const units = useDisplayUnits();
  const today = isoDay(new Date());
  const [target, setTarget] = useState<Target>('fleet');
  const [subFleetId, setSubFleetId] = useState('');
  const [chosenVehicles, setChosenVehicles] = useState<PickerItem[]>([]);
  const vehicleIds = chosenVehicles.map((v) => v.id);
  const [from, setFrom] = useState(isoDay(new Date(Date.now() - 6 * DAY_MS)));
  const [to, setTo] = useState(today);
  const [tables, setTables] = useState<ReportTable[]>([...REPORT_TABLE_NAMES]);
  const [errors, setErrors] = useState<{ range?: string; tables?: string; target?: string; failed?: string }>({});
  const [progress, setProgress] = useState<ReportProgress | null>(null);
  const [run, setRun] = useState<Subscription | null>(null);
  const [shown, setShown] = useState<{ result: ReportResult; tables: ReportTable[]; at: number } | null>(null);

  const subFleetLookup = usePickerLookup(resources.subFleets, { fleetId: props.fleetId });
  const vehicleLookup = usePickerLookup(resources.vehicles, { fleetId: props.fleetId });

  const vehiclesOfTarget = async (): Promise<string[]> => {
    if (target === 'vehicles') return vehicleIds;
    const filters = target === 'fleet' ? { fleetId: props.fleetId } : { subFleetId };
    return (await resources.vehicles.listAll({ filters })).map((v) => v.id);
  };

  // A computation still running when the page goes is of no use to anyone. The run is held from the
  // click on, its vehicles still being read: a page left before the batches start starts none.
  const running = useRef<Subscription | null>(null);
  useEffect(() => () => running.current?.unsubscribe(), []);

  const rangeProblem = (first: string, last: string) =>
    first && last ? (eventDateRange({ from: dayStart(first), to: dayStart(last) }) ?? undefined) : 'Please choose the date range!';
  // A message shown stays only while its field is still wrong.
  const recheck = (field: 'range' | 'tables', problem: string | undefined) => setErrors((shown) => (shown[field] ? { ...shown, [field]: problem } : shown));

  const generate = () => {
    const range = { from: dayStart(from), to: new Date(dayStart(to).getTime() + DAY_MS) };
    const next = {
      range: rangeProblem(from, to),
      tables: atLeastOne(tables) ?? undefined,
      target:
        target === 'subFleet' && !subFleetId
          ? 'Please select the sub-fleet!'
          : target === 'vehicles' && vehicleIds.length === 0
            ? 'Please select the vehicles!'
            : undefined,
    };
    setErrors(next);
    if (next.range || next.tables || next.target) return;
    const chosen = [...tables];
    running.current?.unsubscribe();
    setProgress(null);
    const subscription = defer(vehiclesOfTarget)
      .pipe(
        switchMap((ids) => {
          if (ids.length === 0) {
            setErrors({ target: 'There are no vehicles to report on.' });
            return EMPTY;
          }
          setProgress({ done: 0, total: ids.length, result: null });
          return resources.computeReport$({ reportId: props.reportId, vehicleIds: ids, from: range.from, to: range.to, tables: chosen });
        }),
      )
      .subscribe({
        next: (p) => {
          setProgress(p);
          if (p.result) setShown({ result: p.result, tables: chosen, at: Date.now() });
        },
        error: () => {
          setErrors({ failed: 'The report could not be computed. Please try again.' });
          setRun(null);
        },
        complete: () => setRun(null),
      });
    running.current = subscription;
    if (!subscription.closed) setRun(subscription);
  };
  const cancel = () => {
    running.current?.unsubscribe();
    setRun(null);
    setProgress(null);
  };

  const partialNote = shown && partialDayStart(shown.result, shown.at) !== null ? `Includes today until ${formatClock(shown.at)}, a partial day.` : undefined;
  const views = useMemo(() => (shown ? reportTables(shown.result, shown.tables, units) : []), [shown, units]);
  const maxTo = isoDay(new Date(dayStart(from).getTime() + (EVENT_RANGE_MAX_DAYS - 1) * DAY_MS));

  return (
    <Stack gap="5" p={{ base: '3', md: '5' }}>
      <Box>
        <Heading as="h2" size="lg">
          {props.title}
        </Heading>
        <Text color="fg.muted">
          Data: {props.dataName}
          {props.description ? ` · ${props.description}` : ''}
        </Text>
      </Box>
      {/* The spec's messages, not the browser's own bubbles, say what is wrong with a range. */}
      <chakra.form noValidate borderWidth="1px" borderRadius="lg" p="4" aria-label="Report options" onSubmit={(e: React.FormEvent) => (e.preventDefault(), generate())}>
        <SimpleGrid columns={{ base: 1, lg: 3 }} gap="4">
          <Field.Root invalid={errors.target !== undefined}>
            <Field.Label>Vehicles</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field aria-label="Report on" value={target} onChange={(e) => setTarget(e.currentTarget.value as Target)}>
                <option value="fleet">The whole fleet</option>
                <option value="subFleet">A sub-fleet</option>
                <option value="vehicles">Chosen vehicles</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {target === 'subFleet' && (
              <Box mt="2">
                <SearchPicker label="Sub-fleet" width="full" value={subFleetId} {...subFleetLookup} onChange={(sub) => setSubFleetId(sub?.id ?? '')} />
              </Box>
            )}
            {target === 'vehicles' && (
              <Stack gap="2" mt="2">
                {/* A fleet may hold far more vehicles than a list can show: they are searched, one at a time. */}
                <SearchPicker
                  key={vehicleIds.length}
                  label="Add a vehicle"
                  width="full"
                  value=""
                  {...vehicleLookup}
                  onChange={(vehicle) => vehicle && !vehicleIds.includes(vehicle.id) && setChosenVehicles([...chosenVehicles, vehicle])}
                />
                {chosenVehicles.length > 0 && (
                  <Wrap gap="1.5" aria-label="Chosen vehicles" role="list">
                    {chosenVehicles.map((v) => (
                      <HStack key={v.id} role="listitem" gap="1" borderWidth="1px" borderRadius="full" ps="2.5" pe="1" fontSize="sm">
                        <Text>{v.name}</Text>
                        <Button size="2xs" variant="ghost" aria-label={`Remove ${v.name}`} onClick={() => setChosenVehicles(chosenVehicles.filter((c) => c.id !== v.id))}>
                          ×
                        </Button>
                      </HStack>
                    ))}
                  </Wrap>
                )}
              </Stack>
            )}
            <Field.ErrorText>{errors.target}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={errors.range !== undefined}>
            <Field.Label>Event date range (up to {EVENT_RANGE_MAX_DAYS} days)</Field.Label>
            <HStack>
              <Input
                size="sm"
                type="date"
                aria-label="From"
                value={from}
                max={today}
                onChange={(e) => {
                  setFrom(e.currentTarget.value);
                  recheck('range', rangeProblem(e.currentTarget.value, to));
                }}
              />
              <Text>to</Text>
              <Input
                size="sm"
                type="date"
                aria-label="To"
                value={to}
                min={from}
                max={maxTo < today ? maxTo : today}
                onChange={(e) => {
                  setTo(e.currentTarget.value);
                  recheck('range', rangeProblem(from, e.currentTarget.value));
                }}
              />
            </HStack>
            <Field.ErrorText>{errors.range}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={errors.tables !== undefined}>
            <Field.Label>Tables</Field.Label>
            <Wrap gap="3">
              {REPORT_TABLE_NAMES.map((t) => (
                <TableOption key={t}>
                  <input
                    type="checkbox"
                    checked={tables.includes(t)}
                    onChange={(e) => {
                      const on = e.currentTarget.checked;
                      const next = on ? REPORT_TABLE_NAMES.filter((n) => n === t || tables.includes(n)) : tables.filter((n) => n !== t);
                      setTables(next);
                      recheck('tables', atLeastOne(next) ?? undefined);
                    }}
                  />
                  {REPORT_TABLES[t]}
                </TableOption>
              ))}
            </Wrap>
            <Field.ErrorText>{errors.tables}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <HStack mt="4" gap="3">
          <Button type="submit" colorPalette="blue" size="sm" disabled={run !== null}>
            Generate report
          </Button>
          {run !== null && progress && (
            <>
              <Progress.Root value={progress.total > 0 ? (100 * progress.done) / progress.total : 0} width="60" size="sm" aria-label="Report progress">
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="sm" data-testid="report-progress">
                {progress.done} of {progress.total} vehicles
              </Text>
              <Button size="sm" variant="outline" onClick={cancel}>
                Cancel
              </Button>
            </>
          )}
          {errors.failed && (
            <Text color="fg.error" role="alert">
              {errors.failed}
            </Text>
          )}
        </HStack>
      </chakra.form>
      {shown && (
        <>
          <ReportCharts result={shown.result} units={units} nowMs={shown.at} />
          {views.map((view) => (
            <ReportTableCard key={view.id} view={view} fileName={`${props.title}-${view.title}`} note={partialNote} />
          ))}
        </>
      )}
    </Stack>
  );
}
