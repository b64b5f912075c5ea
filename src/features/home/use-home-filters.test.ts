import { describe, expect, it } from 'vitest';
import { homeFiltersSearch, matchesHomeFilters, parseHomeFilters } from './use-home-filters';

const van = { status: 'alarm' as const, fleetId: 'f1', name: 'Coastal Van 7', sn: 'FC-24-0007' };

describe('home filters in the URL', () => {
  it('round-trips status, fleet, search and the feed severity', () => {
    const filters = { status: 'alarm' as const, fleetId: 'f1', query: 'van 7', severity: 'major' as const };
    expect(parseHomeFilters(homeFiltersSearch(filters).slice(1))).toEqual(filters);
  });
  it('ignores an unknown status and empty values', () => {
    expect(parseHomeFilters('status=broken&fleet=&q=&severity=fatal')).toEqual({ status: null, fleetId: null, query: '', severity: null });
    expect(homeFiltersSearch({ status: null, fleetId: null, query: '', severity: null })).toBe('');
  });
  it('matches by status, fleet and name or S/N, case-insensitively', () => {
    expect(matchesHomeFilters(van, { status: 'alarm', fleetId: 'f1', query: 'coastal' })).toBe(true);
    expect(matchesHomeFilters(van, { status: null, fleetId: null, query: 'fc-24-0007' })).toBe(true);
    expect(matchesHomeFilters(van, { status: 'normal', fleetId: null, query: '' })).toBe(false);
    expect(matchesHomeFilters(van, { status: null, fleetId: 'f2', query: '' })).toBe(false);
    expect(matchesHomeFilters(van, { status: null, fleetId: null, query: 'bus' })).toBe(false);
  });
});
