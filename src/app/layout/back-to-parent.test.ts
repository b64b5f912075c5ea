import { describe, expect, it } from 'vitest';
import { backToParent } from './main-layout';

describe('back button target', () => {
  it('returns to the parent list with the filters it had when the detail was opened', () => {
    expect(backToParent('/vehicles/list', '/vehicles/list?status=alarm&pageNum=3')).toBe('/vehicles/list?status=alarm&pageNum=3');
  });

  it('ignores an origin on another page, and has no target without a parent', () => {
    expect(backToParent('/vehicles/list', '/home?status=alarm')).toBe('/vehicles/list');
    expect(backToParent('/vehicles/list', '/vehicles/listing')).toBe('/vehicles/list');
    expect(backToParent('/vehicles/list', null)).toBe('/vehicles/list');
    expect(backToParent(undefined, '/vehicles/list?x=1')).toBeUndefined();
  });
});
