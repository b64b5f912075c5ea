import { Type } from '@sinclair/typebox';
import { Name, RecordVersion } from './common';
import { PERMISSIONS } from '../api/permissions';

export const RoleName = Name(24);

/** A role: its menu authority (console pages), permissions, manager authority and how many accounts hold it. */
export const RoleSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleKey: Type.String(),
  menu: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
  fleetManager: Type.Boolean(),
  subFleetManager: Type.Boolean(),
  builtin: Type.Boolean(),
  users: Type.Integer(),
  ...RecordVersion,
});

/** The pages a role's menu authority may list, grouped as the sidebar shows them. */
export const MenuCatalogueSchema = Type.Array(Type.Object({ group: Type.String(), pages: Type.Array(Type.Object({ component: Type.String(), title: Type.String() })) }));

/** The role calls and the permissions they need. */
export const ROLE_API = { base: '/customization/role/v1', permissions: { view: PERMISSIONS.roleView, edit: PERMISSIONS.roleEdit } } as const;
