import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PageOf } from '../../../contract/entities/common';
import {
  PlaylistInputSchema,
  PlaylistQuerySchema,
  PlaylistRefSchema,
  PlaylistSchema,
  PlaylistUpdateSchema,
  WALL_PLAYLIST_API,
} from '../../../contract/entities/wall-playlist';
import { badRequest, notFound } from '../../platform/http/api-error';
import { answers, ok } from '../../platform/http/envelope';
import { scope } from '../../platform/http/scope-policy';
import { consoleLink } from '../../platform/http/public-origin';
import { WALL_LINK } from '../../../contract/protocol/console-links';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { PlaylistRecord } from './playlist-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { playlistStore } from './playlist-store';

const tags = ['wall playlists'];

/** A fleet view names its fleet and a vehicle view its vehicle; the schema cannot say which field goes with which kind. */
function checkViews(views: PlaylistRecord['views']): void {
  views.forEach((v, i) => {
    if (v.kind === 'fleet' && !v.fleetId) throw badRequest(`views: view ${i + 1} (fleet) needs fleetId`);
    if (v.kind === 'vehicle' && !v.vehicleId) throw badRequest(`views: view ${i + 1} (vehicle) needs vehicleId`);
  });
}

/**
 * Wall playlists: ordered views with dwell times that a wall in kiosk mode cycles through. Every
 * signed-in account and wall display may read them (a view it may not see shows that page's own refusal); only
 * super.admin writes them.
 */
export const registerWallPlaylistRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const view = (req: FastifyRequest, p: PlaylistRecord) => ({
    ...p,
    updatedAt: new Date(p.updatedAt).toISOString(),
    link: consoleLink(ctx.publicOrigin(req), WALL_LINK.path, { [WALL_LINK.playlistParam]: p.id }),
  });
  const admin = { access: { superAdmin: true as const }, scope: scope.unscoped('super admin only: playlists are global') };
  // A playlist belongs to no fleet; each of its views answers for itself when the wall opens it.
  const wall = { access: { display: true as const }, scope: scope.unscoped('playlists are global: every account and wall reads them all') };
  r.get(
    `${WALL_PLAYLIST_API.base}/query/list`,
    {
      config: wall,
      schema: {
        tags,
        summary: 'Every playlist, by name (one page holds them all: at most 500)',
        querystring: PlaylistQuerySchema,
        response: answers(PageOf(PlaylistSchema)),
      },
    },
    async (req) => {
      const all = await ctx.repo.playlists.list();
      const { pageNum, pageSize } = req.query;
      const start = (pageNum - 1) * pageSize;
      return ok({ rows: all.slice(start, start + pageSize).map((p) => view(req, p)), total: all.length });
    },
  );
  r.get(
    `${WALL_PLAYLIST_API.base}/get/detail`,
    { config: wall, schema: { tags, summary: 'One playlist', querystring: PlaylistRefSchema, response: answers(PlaylistSchema) } },
    async (req) => {
      const playlist = await ctx.repo.playlists.get(req.query.playlistId);
      if (!playlist) throw notFound('Playlist not found');
      return ok(view(req, playlist));
    },
  );
  r.post(
    `${WALL_PLAYLIST_API.base}/add/single`,
    { config: admin, schema: { tags, summary: 'Create a playlist (super.admin)', body: PlaylistInputSchema, response: answers(PlaylistSchema) } },
    async (req) => {
      checkViews(req.body.views);
      return ok(view(req, await ctx.repo.playlists.create({ ...req.body, updatedAt: ctx.now() })));
    },
  );
  r.put(
    `${WALL_PLAYLIST_API.base}/update/single`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Replace a playlist (super.admin)',
        body: PlaylistUpdateSchema,
        response: answers(PlaylistSchema),
      },
    },
    async (req) => {
      checkViews(req.body.views);
      const playlist = { ...req.body, updatedAt: ctx.now() };
      if (!/^\d{1,15}$/.test(playlist.id) || !(await ctx.repo.playlists.update(playlist))) throw notFound('Playlist not found');
      return ok(view(req, playlist));
    },
  );
  r.delete(
    `${WALL_PLAYLIST_API.base}/delete/single`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete a playlist; displays it was assigned to go back to their boards (super.admin)',
        querystring: PlaylistRefSchema,
        response: answers(Type.Null()),
      },
    },
    async (req) => {
      const { playlistId } = req.query;
      const playing = (await ctx.repo.displays.list()).filter((d) => d.playlistId === playlistId && d.revokedAt === null);
      // The database clears the assignment with the playlist; its walls go back to their boards.
      if (!(await ctx.repo.playlists.delete(playlistId))) throw notFound('Playlist not found');
      for (const d of playing) ctx.sync.displayPlaylist(d.id, null);
      return ok(null);
    },
  );
};

/** Wall playlists: store and routes. */
export const wallPlaylistsModule: FleetModule = {
  name: 'wall-playlists',
  stores: (database) => ({ playlists: playlistStore(database) }),
  routes: registerWallPlaylistRoutes,
};
