import { Type } from '@sinclair/typebox';
import { ThemeSchema } from '../protocol/account-settings-rules';
import { Nullable } from './common';
import { PERMISSIONS } from '../api/permissions';

export const SpeedUnitSchema = Type.Union([Type.Literal('km/h'), Type.Literal('mph')]);
export const MileageUnitSchema = Type.Union([Type.Literal('km'), Type.Literal('miles')]);

export const ProfileSchema = Type.Object({
  email: Type.String(),
  userName: Type.String(),
  phone: Type.String(),
  speedUnit: SpeedUnitSchema,
  mileageUnit: MileageUnitSchema,
  theme: ThemeSchema,
  /** A data: URL, or null without an avatar. */
  avatar: Nullable(Type.String()),
});

/** The signed-in user's own calls (session info, profile, registration) and the menu (`routerBase`); profile changes need `edit`. */
export const USER_API = { base: '/customization/user/v1', routerBase: '/customization/router/v1', permissions: { edit: PERMISSIONS.profileEdit } } as const;
