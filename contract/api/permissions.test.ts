import { describe, expect, it } from 'vitest';
import { holdsPermission, holdsRole } from './permissions';

const operator = { roles: ['operator'], permissions: ['vehicle:list:query'] };

describe('roles', () => {
  it('lets super.admin see everything', () => {
    const admin = { roles: ['super.admin'], permissions: [] };
    expect(holdsRole(admin, ['fleet.manager'])).toBe(true);
    expect(holdsPermission(admin, ['user:account:edit'])).toBe(true);
  });
  it('removes a role-restricted element unless one listed role is held', () => {
    expect(holdsRole(operator, ['fleet.manager', 'operator'])).toBe(true);
    expect(holdsRole(operator, ['fleet.manager'])).toBe(false);
    expect(holdsRole(operator, [])).toBe(false);
  });
});

describe('permissions', () => {
  it('needs one of the listed permissions', () => {
    expect(holdsPermission(operator, ['vehicle:list:query', 'x:y:z'])).toBe(true);
    expect(holdsPermission(operator, ['vehicle:firmware:update'])).toBe(false);
  });
  it('lets a held * segment match any value of that segment', () => {
    const engineer = { roles: ['service.engineer'], permissions: ['fleet:vehicle:*'] };
    expect(holdsPermission(engineer, ['fleet:vehicle:firmware'])).toBe(true);
    expect(holdsPermission(engineer, ['fleet:depot:edit'])).toBe(false);
    expect(holdsPermission(engineer, ['fleet:vehicle'])).toBe(false);
  });
  it('grants everything to the wildcard permission', () => {
    expect(holdsPermission({ roles: ['operator'], permissions: ['*:*:*'] }, ['anything:at:all'])).toBe(true);
  });
});
