import { describe, expect, it } from 'vitest';
import { changeListUrl, listQueryOf, listUrlSearch, parseListUrl } from './list-url';

const KEYS = ['status', 'search'] as const;

describe('list URL state', () => {
  it('reads page, size, sort and filters from the URL, with defaults for what is missing or wrong', () => {
    expect(parseListUrl('pageNum=3&pageSize=50&sort=-name&status=alarm', KEYS)).toEqual({
      pageNum: 3,
      pageSize: 50,
      sort: '-name',
      filters: { status: 'alarm', search: '' },
    });
    expect(parseListUrl('pageNum=-1&pageSize=abc', KEYS)).toMatchObject({ pageNum: 1, pageSize: 20 });
    expect(parseListUrl('pageSize=100000', KEYS).pageSize).toBe(500);
  });

  it('writes the state back as the same URL, leaving defaults out', () => {
    const state = parseListUrl('status=alarm&search=van%201&sort=name&pageNum=2', KEYS);
    expect(parseListUrl(listUrlSearch(state).slice(1), KEYS)).toEqual(state);
    expect(listUrlSearch(parseListUrl('', KEYS))).toBe('');
  });

  it('starts again at page 1 when a filter, the sort or the page size changes, not when the page does', () => {
    const state = parseListUrl('pageNum=4', KEYS);
    expect(changeListUrl(state, { filters: { status: 'offline' } })).toMatchObject({ pageNum: 1, filters: { status: 'offline', search: '' } });
    expect(changeListUrl(state, { sort: '-sn' }).pageNum).toBe(1);
    expect(changeListUrl(state, { pageNum: 5 }).pageNum).toBe(5);
  });

  it('sends only the filters that are set', () => {
    expect(listQueryOf(parseListUrl('status=normal&sort=name', KEYS))).toEqual({ pageNum: 1, pageSize: 20, sort: 'name', filters: { status: 'normal' } });
  });

  it("keeps the page's other parameters, and a second list's under its prefix", () => {
    const search = 'fleetId=fleet-1&pageNum=2&sub.pageNum=3';
    const rules = parseListUrl(search, KEYS);
    const subs = parseListUrl(search, [] as const, 'sub');
    expect([rules.pageNum, subs.pageNum]).toEqual([2, 3]);
    expect(listUrlSearch(changeListUrl(subs, { pageNum: 4 }), search, 'sub')).toBe('?fleetId=fleet-1&pageNum=2&sub.pageNum=4');
    expect(listUrlSearch(changeListUrl(rules, { filters: { status: 'alarm' } }), search)).toBe('?fleetId=fleet-1&sub.pageNum=3&status=alarm');
    // A list's own parameters keep their order whatever order the URL had them in.
    expect(listUrlSearch(changeListUrl(parseListUrl('sort=name&status=alarm', KEYS), { pageNum: 2 }), 'sort=name&status=alarm')).toBe(
      '?status=alarm&sort=name&pageNum=2',
    );
  });
});
