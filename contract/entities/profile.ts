import { Type } from '@sinclair/typebox';
import { AvatarDataUrl, ThemeSchema } from '../protocol/account-settings-rules';
import { UserName } from './account';
import { Email, Nullable, Password, Phone, PlainText } from './common';
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

/** What a mailed verification code is for. */
export const VerificationPurposeSchema = Type.Union([Type.Literal('register'), Type.Literal('reset')]);
const VerificationCode = Type.String({ maxLength: 6, pattern: '^[0-9]{6}$' });

/** Mail a code for registering or resetting a password. */
export const VerificationCodeRequestSchema = Type.Object({ email: Email, purpose: VerificationPurposeSchema });
/** A new account (default role), with the code mailed for `register`. */
export const RegistrationSchema = Type.Object({ email: Email, userName: UserName, password: Password, code: VerificationCode });
/** A new password, with the code mailed for `reset` ("Forgot password?"). */
export const PasswordResetSchema = Type.Object({ email: Email, code: VerificationCode, password: Password });
/** The own password changed, the old one given. */
export const PasswordChangeSchema = Type.Object({ oldPassword: PlainText(200), password: Password });
/** The own user name, phone number and units. */
export const ProfileUpdateSchema = Type.Object({ userName: UserName, phone: Phone, speedUnit: SpeedUnitSchema, mileageUnit: MileageUnitSchema });
/** Mail a code to the new address the own account wants. */
export const EmailCodeRequestSchema = Type.Object({ email: Email });
/** The own email address changed, with the code mailed to it. */
export const EmailChangeSchema = Type.Object({ email: Email, code: VerificationCode });
export const ThemeUpdateSchema = Type.Object({ theme: ThemeSchema });
/** A data: URL of the cropped image, or null to remove the avatar. */
export const AvatarUpdateSchema = Type.Object({ avatar: Nullable(AvatarDataUrl) });

/** The signed-in user's own calls (session info, profile, registration) and the menu (`routerBase`); profile changes need `edit`. */
export const USER_API = { base: '/customization/user/v1', routerBase: '/customization/router/v1', permissions: { edit: PERMISSIONS.profileEdit } } as const;
