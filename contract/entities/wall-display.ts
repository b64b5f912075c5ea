import { Type } from '@sinclair/typebox';
import { Id, Name, Nullable, NumericId, PageQuery } from './common';

/** A wall display's credential as listed: its token is shown once, when issued, and never again. */
export const DisplayTokenSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** The one fleet it reads; null for every fleet. */
  fleetId: Nullable(Type.String()),
  fleetName: Nullable(Type.String()),
  createdAt: Type.String(),
  createdBy: Nullable(Type.String()),
  lastSeenAt: Nullable(Type.String()),
  lastSeenAddress: Nullable(Type.String()),
  revokedAt: Nullable(Type.String()),
  /** The playlist assigned to it; null: the wall shows its board (or the playlist its link names). */
  playlistId: Nullable(Type.String()),
  playlistName: Nullable(Type.String()),
});
export const DisplayTokenInputSchema = Type.Object({ name: Name(50), fleetId: Type.Optional(Nullable(Id)) });
/** The display token list is paged only. */
export const DisplayTokenQuerySchema = Type.Object(PageQuery);
/** Names one display token (revoke). */
export const DisplayRefSchema = Type.Object({ displayId: NumericId });
/** The playlist a display shows; null: none. */
export const DisplayPlaylistSchema = Type.Object({ displayId: NumericId, playlistId: Nullable(NumericId) });
/** `link` is the display link to open once on the wall (at the server's public origin, as share links). */
export const IssuedDisplayTokenSchema = Type.Composite([DisplayTokenSchema, Type.Object({ token: Type.String(), link: Type.String() })]);

/** The wall display token calls; super admins only, so no permission opens them. */
export const WALL_DISPLAY_API = { base: '/customization/display-token/v1' } as const;
