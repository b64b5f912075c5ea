import { Type } from '@sinclair/typebox';
import { BasedOn, Email, Id, Name, Nullable, PageQuery, Password, PlainText, RecordVersion, Status } from './common';
import { PERMISSIONS } from '../api/permissions';

export const UserName = Name(15);

/** Jobs an account can be picked for in the fleet, sub-fleet and depot forms. */
export const AccountJobSchema = Type.Union([
  Type.Literal('fleetManager'),
  Type.Literal('serviceEngineer'),
  Type.Literal('subFleetManager'),
  Type.Literal('depotManager'),
]);

export const AccountCandidateSchema = Type.Object({ id: Type.String(), userName: Type.String() });

/** An account on /users/role: `fleets` names the fleets it works in (manages, serves, is a member of). */
export const AccountSchema = Type.Object({
  id: Type.String(),
  email: Type.String(),
  userName: Type.String(),
  status: Status,
  roleId: Nullable(Type.String()),
  roleName: Type.String(),
  roleKey: Type.String(),
  phone: Type.String(),
  createdAt: Type.String(),
  lastSignInAt: Nullable(Type.String()),
  fleets: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  ...RecordVersion,
});

/** The account list's filters: search (email or user name), email, status and role. */
export const AccountQuerySchema = Type.Object({
  ...PageQuery,
  search: Type.Optional(PlainText(254)),
  email: Type.Optional(PlainText(254)),
  status: Type.Optional(Status),
  roleId: Type.Optional(Id),
});

/** A new account; without a password its owner is mailed a code to choose one. `roleId` null: the default role. */
export const AccountCreateSchema = Type.Object({ email: Email, userName: UserName, password: Type.Optional(Password), status: Status, roleId: Nullable(Id) });

export const AccountUpdateSchema = Type.Object({
  accountId: Id,
  ...BasedOn,
  userName: Type.Optional(UserName),
  status: Type.Optional(Status),
  roleId: Type.Optional(Nullable(Id)),
  password: Type.Optional(Password),
});

/** Names one account (detail, delete, password reset, scope). */
export const AccountRefSchema = Type.Object({ accountId: Id });

/** The fleets and sub-fleets an account is given to manage (/role/alocation/page), beyond those it heads by name. */
export const AccountScopeSchema = Type.Object({
  fleetIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
  subFleetIds: Type.Array(Id, { maxItems: 500, uniqueItems: true }),
});

/** An account's new scope. */
export const AccountScopeUpdateSchema = Type.Object({ accountId: Id, ...AccountScopeSchema.properties });

const Place = Type.Object({ id: Type.String(), name: Type.String() });

/** An account's scope with what the caller may give it: fleets when its role manages fleets, sub-fleets when it manages sub-fleets. */
export const AccountScopeChoicesSchema = Type.Object({
  ...AccountScopeSchema.properties,
  fleets: Type.Array(Place),
  subFleets: Type.Array(Type.Object({ ...Place.properties, fleetId: Type.String(), fleetName: Type.String() })),
});

/** The account administration calls (/users/role) and the permissions they need. */
export const ACCOUNT_API = { base: '/customization/account/v1', permissions: { view: PERMISSIONS.accountView, edit: PERMISSIONS.accountEdit } } as const;
