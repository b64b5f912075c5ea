// The report's tables as the page shows them and exports them: the same columns and the same
// texts (numbers with 2 decimals, distance in the user's unit), so a file is the table on screen.
import type { ReportResult } from '../../../streams/api/report-calls';
import { REPORT_TABLES, type ReportTable } from '../../../contract/entities/report';
import type { DisplayUnits } from '../../../streams/session/profile-store';
import type { ExportColumn } from '../../lib/export-rows';
import { displayUnit, toDisplay } from '../../lib/units';
import { formatListTime } from '../../lib/date-format';

type VehicleRow = ReportResult['vehicles'][number];
type Cell = string | number | null;

export interface ReportTableView {
  id: ReportTable;
  title: string;
  columns: ReadonlyArray<ExportColumn<Cell[]>>;
  rows: Cell[][];
}

export const TOTAL_LABEL = 'All vehicles';
const DASH = '--';

export const fixed2 = (x: number | null | undefined): string => (x === null || x === undefined || !Number.isFinite(x) ? DASH : x.toFixed(2));
const hours = (seconds: number) => fixed2(seconds / 3600);
const minOf = (xs: ReadonlyArray<number | null>) => {
  const present = xs.filter((x): x is number => x !== null);
  return present.length > 0 ? Math.min(...present) : null;
};
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

const columnsOf = (headers: readonly string[]): ReadonlyArray<ExportColumn<Cell[]>> => headers.map((header, i) => ({ header, value: (row) => row[i] ?? null }));

/** A per-vehicle table with its total row first. */
const perVehicle = (id: ReportTable, headers: readonly string[], vehicles: readonly VehicleRow[], row: (v: VehicleRow) => Cell[], total: Cell[]): ReportTableView => ({
  id,
  title: REPORT_TABLES[id],
  columns: columnsOf(['Vehicle', ...headers]),
  rows: vehicles.length > 0 ? [[TOTAL_LABEL, ...total], ...vehicles.map((v) => [v.vehicleName, ...row(v)])] : [],
});

/** What an alarm's kind is called in the report; pre-alarms by their rule. */
export const alarmKindLabel = (kind: string): string => (kind.startsWith('prealarm.') ? 'Pre-alarm' : kind.replace(/_/g, ' '));

export function reportTables(result: ReportResult, tables: readonly ReportTable[], units: DisplayUnits): ReportTableView[] {
  const v = result.vehicles;
  const distance = toDisplay('km', units);
  const distanceUnit = displayUnit('km', units);
  const build: Record<ReportTable, () => ReportTableView> = {
    distance: () =>
      perVehicle('distance', [`Distance (${distanceUnit})`, 'Driving time (h)'], v, (x) => [fixed2(distance(x.distanceKm)), hours(x.drivingS)], [
        fixed2(distance(sum(v.map((x) => x.distanceKm)))),
        hours(sum(v.map((x) => x.drivingS))),
      ]),
    energy: () => {
      const sources = ['solar', 'dcdc', 'shore', 'consumption'] as const;
      return perVehicle(
        'energy',
        ['Solar in (kWh)', 'Alternator / DC-DC in (kWh)', 'Shore charger in (kWh)', 'Consumption out (kWh)'],
        v,
        (x) => sources.map((s) => fixed2(x.energyKwh[s])),
        sources.map((s) => fixed2(sum(v.map((x) => x.energyKwh[s])))),
      );
    },
    soc: () => {
      const avgs = v.map((x) => x.soc.avg).filter((a): a is number => a !== null);
      return perVehicle('soc', ['SOC minimum (%)', 'SOC average (%)', 'Time below 20 % (h)'], v, (x) => [fixed2(x.soc.min), fixed2(x.soc.avg), hours(x.soc.lowS)], [
        fixed2(minOf(v.map((x) => x.soc.min))),
        fixed2(avgs.length > 0 ? sum(avgs) / avgs.length : null),
        hours(sum(v.map((x) => x.soc.lowS))),
      ]);
    },
    tanks: () => ({
      id: 'tanks',
      title: REPORT_TABLES.tanks,
      columns: columnsOf(['Vehicle', 'Tank', 'Minimum level (%)', 'Average level (%)']),
      rows: v.flatMap((x) => x.tanks.map((t): Cell[] => [x.vehicleName, `Tank ${t.deviceId + 1}`, fixed2(t.min), fixed2(t.avg)])),
    }),
    tyres: () => perVehicle('tyres', ['Minimum tyre pressure (kPa)'], v, (x) => [fixed2(x.tyreMinKpa)], [fixed2(minOf(v.map((x) => x.tyreMinKpa)))]),
    alarms: () => ({
      id: 'alarms',
      title: REPORT_TABLES.alarms,
      columns: columnsOf(['Alarm type', 'Count', 'Duration (h)', 'Vehicles']),
      rows: result.alarms.map((a): Cell[] => [alarmKindLabel(a.kind), a.count, hours(a.durationS), a.vehicles]),
    }),
    firmware: () => ({
      id: 'firmware',
      title: REPORT_TABLES.firmware,
      columns: columnsOf(['Vehicle', 'Device', 'Version', 'Result', 'Time']),
      rows: result.firmware.map((f): Cell[] => [f.vehicleName, `${f.deviceType} ${f.deviceId}`, f.version, f.state, formatListTime(f.at)]),
    }),
  };
  return tables.map((t) => build[t]());
}
