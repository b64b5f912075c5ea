import { Type } from '@sinclair/typebox';
import { Nullable } from './common';
import { PERMISSIONS } from '../api/permissions';

/** A share as its calls answer it: the contract's fields plus what the share screens show. */
export const ShareSchema = Type.Object({
  id: Type.String(),
  account: Type.String(),
  link: Type.String(),
  protection: Type.Integer(),
  /** On, and not past its expiry: the link opens the vehicle. */
  active: Type.Boolean(),
  vehicleId: Type.String(),
  vehicleName: Type.String(),
  createdAt: Type.String(),
  /** When the link stops working by itself; null: until it is closed. */
  expiresAt: Nullable(Type.String()),
});

/** One opening of a share link, or a refused one (wrong password, closed or expired link). */
export const ShareAccessSchema = Type.Object({
  id: Type.String(),
  at: Type.String(),
  address: Nullable(Type.String()),
  outcome: Type.Union([Type.Literal('success'), Type.Literal('failure')]),
  detail: Type.String(),
});

/** The share calls and the permission they need. */
export const SHARE_API = { base: '/customization/share/v1', permissions: { edit: PERMISSIONS.vehicleShare } } as const;
