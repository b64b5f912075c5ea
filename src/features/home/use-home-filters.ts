// The home filters live in the URL (?status=alarm&fleet=…&q=…&severity=…) so a wall display can be pointed at
// one view and a link reproduces what an operator saw.
import { useMemo } from 'react';
import type { AlarmSeverity } from '../../../contract/api/types';
import type { VehicleStatus } from '../../../contract/protocol/types';
import { VEHICLE_STATUSES } from '../../../contract/protocol/types';
import { ALARM_SEVERITIES } from '../../components/severity-badge';
import { navigate, usePinnedSearch } from '../../lib/navigation';

/** What picks the vehicles of the map, the status cards and the search. */
export interface VehicleFilters {
  status: VehicleStatus | null;
  fleetId: string | null;
  query: string;
}

/** The vehicles' filters and the alarm feed's severity (the feed follows the fleet filter too). */
export interface HomeFilters extends VehicleFilters {
  severity: AlarmSeverity | null;
}

export function parseHomeFilters(search: string): HomeFilters {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  return {
    status: VEHICLE_STATUSES.includes(status as VehicleStatus) ? (status as VehicleStatus) : null,
    fleetId: params.get('fleet') || null,
    query: params.get('q') ?? '',
    severity: ALARM_SEVERITIES.includes(params.get('severity') as AlarmSeverity) ? (params.get('severity') as AlarmSeverity) : null,
  };
}

export function homeFiltersSearch(filters: HomeFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.fleetId) params.set('fleet', filters.fleetId);
  if (filters.query) params.set('q', filters.query);
  if (filters.severity) params.set('severity', filters.severity);
  const search = params.toString();
  return search ? `?${search}` : '';
}

export function matchesHomeFilters(vehicle: { status: VehicleStatus; fleetId: string; name: string; sn: string }, filters: VehicleFilters): boolean {
  if (filters.status && vehicle.status !== filters.status) return false;
  if (filters.fleetId && vehicle.fleetId !== filters.fleetId) return false;
  if (filters.query) {
    const needle = filters.query.trim().toLowerCase();
    if (!vehicle.name.toLowerCase().includes(needle) && !vehicle.sn.toLowerCase().includes(needle)) return false;
  }
  return true;
}

export function useHomeFilters(): [HomeFilters, (changes: Partial<HomeFilters>) => void] {
  const search = usePinnedSearch();
  const filters = useMemo(() => parseHomeFilters(search), [search]);
  const update = (changes: Partial<HomeFilters>) => navigate(`/home${homeFiltersSearch({ ...filters, ...changes })}`);
  return [filters, update];
}
