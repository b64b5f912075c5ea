import { describe, expect, it } from 'vitest';
import { inFormOrder, togglePermission } from './role-permissions';

const offered = ['data:alarm:view', 'data:report:view', 'data:report:edit', 'fleet:vehicle:view', 'system:profile:edit'];

describe('role permissions on the form', () => {
  it('keeps wildcards as wildcards when something else changes', () => {
    expect(togglePermission(['data:*:*', 'system:profile:edit'], offered, 'fleet:vehicle:view', true)).toEqual(['data:*:*', 'system:profile:edit', 'fleet:vehicle:view']);
    expect(togglePermission(['data:*:*', 'system:profile:edit'], offered, 'system:profile:edit', false)).toEqual(['data:*:*']);
  });

  it('checking what a wildcard already covers changes nothing', () => {
    expect(togglePermission(['*:*:*'], offered, 'data:report:edit', true)).toEqual(['*:*:*']);
  });

  it('unchecking one permission under a wildcard leaves the rest that wildcard covered', () => {
    expect(togglePermission(['data:*:*', 'fleet:vehicle:view'], offered, 'data:report:edit', false)).toEqual([
      'data:alarm:view',
      'data:report:view',
      'fleet:vehicle:view',
    ]);
  });

  it("stores the checked permissions in the form's order, wildcards after them", () => {
    expect(inFormOrder(['fleet:vehicle:view', 'data:*:*', 'data:alarm:view'], offered)).toEqual(['data:alarm:view', 'fleet:vehicle:view', 'data:*:*']);
  });
});
