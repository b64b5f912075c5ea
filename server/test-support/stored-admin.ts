// The super administrator the store tests seed a database with, created at one fixed time.
import type { UserRecord } from '../modules/accounts/user-store';

export const CREATED = '2026-11-01T00:00:00.000Z';

export const storedAdmin: UserRecord = {
  id: 'user-admin',
  email: 'admin@fleet.test',
  userName: 'Administrator',
  passwordHash: 'x',
  status: 'active',
  roleId: 'role-super-admin',
  phone: '',
  speedUnit: 'km/h',
  mileageUnit: 'km',
  createdAt: CREATED,
  lastSignInAt: null,
};
