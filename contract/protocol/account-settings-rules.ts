import { Type } from '@sinclair/typebox';

// The rules of /setting/set's avatar, theme and email change and of a holder's fleets on
// /role/alocation/page, shared by the console's forms and the server's checks.

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Avatars: PNG, JPEG or WebP, checked against the bytes, at most 2 MB. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The console crops to a square and sends it at this size. */
export const AVATAR_SIZE_PX = 256;

export const ACCOUNT_SETTINGS_MESSAGES = {
  avatarType: 'Only PNG, JPEG or WebP images can be used as an avatar!',
  avatarSize: 'The avatar image must not exceed 2 MB!',
  sameEmail: 'This is already your email address!',
  emailTaken: 'This email is already registered',
} as const;

export const ThemeSchema = Type.Union(THEMES.map((t) => Type.Literal(t)));
/** A data: URL carrying the bytes base64-encoded: 4 characters for every 3 bytes, plus the prefix. */
export const AvatarDataUrl = Type.String({ maxLength: Math.ceil(AVATAR_MAX_BYTES / 3) * 4 + 64, pattern: '^data:[a-z0-9.+/-]+;base64,[A-Za-z0-9+/]*={0,2}$' });
