import { Type } from '@sinclair/typebox';
import { Id, Name, NumericId, PageQuery } from './common';

/** One view of a wall playlist and how long it stays: the home map (all fleets or one), the alarm board, a fleet's vehicles, one vehicle. */
export const WallViewSchema = Type.Object({
  kind: Type.Union([Type.Literal('home'), Type.Literal('alarms'), Type.Literal('fleet'), Type.Literal('vehicle')]),
  fleetId: Type.Optional(Id),
  vehicleId: Type.Optional(Id),
  dwellS: Type.Integer({ minimum: 5, maximum: 3600 }),
});
const WallViews = Type.Array(WallViewSchema, { minItems: 1, maxItems: 50 });
/** `link` starts the playlist on a wall (at the server's public origin, as share and display links). */
export const PlaylistSchema = Type.Object({ id: Type.String(), name: Type.String(), views: WallViews, updatedAt: Type.String(), link: Type.String() });
export const PlaylistInputSchema = Type.Object({ name: Name(50), views: WallViews });
/** A playlist's new name and views: the whole playlist is sent. */
export const PlaylistUpdateSchema = Type.Composite([Type.Object({ id: Id }), PlaylistInputSchema]);
/** The playlist list is paged only. */
export const PlaylistQuerySchema = Type.Object(PageQuery);
export const PlaylistId = NumericId;
/** Names one playlist (detail, delete). */
export const PlaylistRefSchema = Type.Object({ playlistId: PlaylistId });

/** The wall playlist calls; super admins edit them, wall displays read them, so no permission opens them. */
export const WALL_PLAYLIST_API = { base: '/customization/wall-playlist/v1' } as const;
