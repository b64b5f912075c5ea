import { describe, expect, it } from 'vitest';
import { LINKS, findRoute } from './routes';

describe('route registry', () => {
  it('builds links to the pages that take a parameter, encoding the id', () => {
    expect(LINKS.vehicle('v 1')).toBe('/home/detail/page?vehicleId=v%201');
    expect(LINKS.alarm('42')).toBe('/home/alarm/page?alarmId=42');
    expect(LINKS.airConditioner('v1')).toBe('/vehicles/airconditioner/page?vehicleId=v1');
    expect(LINKS.groupLogDetail('7')).toBe('/vehicles/groupLog/logDetail?logId=7');
  });

  it('finds a route with its layout rules, and nothing for a path it does not hold', () => {
    expect(findRoute('/vehicles/subdetail/page')).toMatchObject({ title: 'Vehicle detail', parent: '/vehicles/list', hideFooter: true });
    expect(findRoute('/vehicles/list')).toBeUndefined();
  });
});
