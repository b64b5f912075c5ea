import { Type } from '@sinclair/typebox';
import { ThemeSchema } from '../protocol/account-settings-rules';
import { Nullable } from './common';

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
