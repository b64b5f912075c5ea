// The columns of /vehicles/list. Status, SOC and last seen show the row as the list reads it now
// (live-vehicle-rows.ts): the cells are plain functions of the row, with nothing to subscribe to.
import type { ReactNode } from 'react';
import { Pin } from 'lucide-react';
import type { VehicleListRow } from '../../../contract/api/types';
import type { ListColumn } from '../../components/list-columns';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { rowLastSeenText } from '../../components/vehicle-devices/last-seen';
import { deviceLabel } from '../../components/vehicle-devices/detail-tabs';
import { type RowLinkTarget, rowLink } from '../../components/row-link';

// The detail's freshness rule ("just now" while the vehicle reports); a row is drawn again when its
// last seen moves to another minute.
const lastSeenText = (lastSeen: string | null): string => (lastSeen === null ? 'Never' : rowLastSeenText(lastSeen, Date.now()));

/** Styles of the plain elements in the cells, set once on the list rather than per cell. */
export const VEHICLE_CELLS = {
  '& .row-pin': { color: 'orange.fg', marginEnd: '1', verticalAlign: 'middle', display: 'inline' },
  '& .vehicle-status::before': { content: '""', display: 'inline-block', width: '2', height: '2', borderRadius: 'full', marginEnd: '1.5' },
  '& .vehicle-status[data-status=normal]::before': { bg: STATUS_STYLE.normal.color },
  '& .vehicle-status[data-status=alarm]::before': { bg: STATUS_STYLE.alarm.color },
  '& .vehicle-status[data-status=offline]::before': { bg: STATUS_STYLE.offline.color },
  '& .row-action': {
    display: 'inline-flex',
    alignItems: 'center',
    verticalAlign: 'middle',
    px: '2',
    py: '1',
    borderRadius: 'sm',
    fontSize: 'xs',
    fontWeight: 'medium',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
  },
} as const;

export const placementOf = (row: VehicleListRow): string => [row.fleetName, row.subFleetName, row.depotName].filter(Boolean).join(' / ');
export const firmwareOf = (row: VehicleListRow): string => row.firmware.map((d) => `${deviceLabel(d.deviceType, d.deviceId)} ${d.version}`).join(', ');

export function vehicleColumns(actions: { link: (row: VehicleListRow) => RowLinkTarget; rowActions: (row: VehicleListRow) => ReactNode }): ListColumn<VehicleListRow>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      sortable: true,
      width: '14rem',
      value: (row) => row.name,
      cell: (row) => (
        <>
          {row.pinned && <Pin className="row-pin" size={14} aria-label="Placed on top" />}
          {rowLink(actions.link(row), row.name)}
        </>
      ),
    },
    { id: 'sn', header: 'S/N', sortable: true, width: '10rem', value: (row) => row.sn },
    {
      id: 'status',
      header: 'Status',
      sortable: true,
      width: '7rem',
      value: (row) => STATUS_STYLE[row.status].label,
      cell: (row) => (
        <span className="vehicle-status" data-testid="vehicle-status" data-status={row.status}>
          {STATUS_STYLE[row.status].label}
        </span>
      ),
    },
    { id: 'placement', header: 'Fleet / sub-fleet / depot', width: '16rem', value: placementOf },
    {
      id: 'soc',
      header: 'SOC',
      sortable: true,
      width: '5rem',
      align: 'end',
      value: (row) => (row.soc === null ? null : Math.round(row.soc)),
      cell: (row) => (row.soc === null ? '--' : `${Math.round(row.soc)}%`),
    },
    { id: 'firmware', header: 'Firmware', width: '16rem', value: firmwareOf, cell: (row) => <span title={firmwareOf(row)}>{firmwareOf(row)}</span> },
    { id: 'lastSeen', header: 'Last seen', sortable: true, width: '9rem', value: (row) => row.lastSeen, cell: (row) => lastSeenText(row.lastSeen) },
    { id: 'actions', header: 'Actions', width: '9rem', exported: false, value: () => null, cell: actions.rowActions },
  ];
}
