import { describe, expect, it } from 'vitest';
import { PERMISSIONS } from '../../../contract/api/permissions';
import { PERMISSION_GROUPS, permissionWords } from './permission-words';

describe('permission words', () => {
  it('says what a permission allows, wildcards included', () => {
    expect(permissionWords('fleet:vehicle:firmware')).toBe('Update firmware of vehicles');
    expect(permissionWords('system:account:edit')).toBe('Change accounts');
    expect(permissionWords('fleet:sub-fleet:*')).toBe('Everything on sub-fleets');
    expect(permissionWords('data:*:*')).toBe('Everything in data');
    expect(permissionWords('*:*:*')).toBe('Everything');
  });

  it('offers every permission of the catalogue once, each in words rather than its string', () => {
    const offered = PERMISSION_GROUPS.flatMap((g) => g.permissions);
    expect(offered.map((p) => p.value).sort()).toEqual(Object.values(PERMISSIONS).sort());
    for (const p of offered) expect(p.words).not.toContain(':');
  });
});
