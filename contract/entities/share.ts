import { Type } from '@sinclair/typebox';
import { Id, Nullable, PageQuery, Password, Timestamp } from './common';
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

/** A share's account: the secret its link carries. */
export const ShareAccount = Type.String({ minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
const Protection = Type.Integer({ minimum: 0, maximum: 1, description: '1: password protected, 0: open' });
const ExpiresAt = Type.Optional(Nullable(Timestamp));

/** Names one share (its link's info, delete). */
export const ShareRefSchema = Type.Object({ account: ShareAccount });

/** What a share link opens, as anyone holding the link may ask (public). */
export const ShareInfoSchema = Type.Object({ account: Type.String(), protection: Type.Integer(), vehicleId: Type.String() });

/** The share list's filters: one vehicle's, the caller's own (mine), only open ones (open). */
export const ShareQuerySchema = Type.Object({
  ...PageQuery,
  vehicleId: Type.Optional(Id),
  mine: Type.Optional(Type.Boolean({ description: 'only shares the caller made' })),
  open: Type.Optional(Type.Boolean({ description: 'only shares whose link works now (on and not expired)' })),
});

/** A share's access log, paged. */
export const ShareAccessQuerySchema = Type.Object({ ...PageQuery, account: ShareAccount });

/** A new share of a vehicle; a protected one needs a password. */
export const ShareCreateSchema = Type.Object({ vehicleId: Id, protection: Protection, password: Type.Optional(Password), expiresAt: ExpiresAt });

/** A share's new state, named by its account; the whole state is sent. */
export const ShareUpdateSchema = Type.Object({
  account: ShareAccount,
  active: Type.Boolean(),
  protection: Protection,
  password: Type.Optional(Password),
  expiresAt: ExpiresAt,
});

/** The share calls and the permission they need. */
export const SHARE_API = { base: '/customization/share/v1', permissions: { edit: PERMISSIONS.vehicleShare } } as const;
