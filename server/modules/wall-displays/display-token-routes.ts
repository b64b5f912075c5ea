import type { FastifyInstance } from 'fastify';
import { PageOf } from '../../../contract/entities/common';
import {
  DisplayPlaylistSchema,
  DisplayRefSchema,
  DisplayTokenInputSchema,
  DisplayTokenQuerySchema,
  DisplayTokenSchema,
  IssuedDisplayTokenSchema,
  WALL_DISPLAY_API,
} from '../../../contract/entities/wall-display';
import { FORCED_LOGOUT } from '../../../contract/protocol/types';
import { accountOf } from '../../platform/http/actor-of';
import { displaySubject, recordAudit } from '../../audit/record-audit';
import { randomToken, tokenHash } from '../../platform/auth/secrets';
import { badRequest, notFound } from '../../platform/http/api-error';
import { consoleLink } from '../../platform/http/public-origin';
import { WALL_LINK } from '../../../contract/protocol/console-links';
import { answers, ok } from '../../platform/http/envelope';
import { scope } from '../../platform/http/scope-policy';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import type { ServerContext } from '../../server-context';
import type { DisplayTokenRecord } from './display-token-store';
import type { FleetModule } from '../../platform/modules/fleet-module';
import { displayTokenStore } from './display-token-store';

const tags = ['wall displays'];

const REVOKED = 'displayId: this display is revoked';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * Wall display tokens (super.admin only): issued with a name and an optional fleet, listed with when
 * and from where each display was last seen, given a playlist that its wall switches to at once, and
 * revoked, which ends the display's sessions at once.
 */
export const registerDisplayTokenRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const admin = { access: { superAdmin: true as const }, scope: scope.unscoped('super admin only: display tokens are global') };
  const view = async (rows: DisplayTokenRecord[]) => {
    const fleetNames = await ctx.repo.names('fleet', [...new Set(rows.flatMap((d) => (d.fleetId ? [d.fleetId] : [])))]);
    // Playlists are few (one page holds them all).
    const playlistNames = rows.some((d) => d.playlistId) ? new Map((await ctx.repo.playlists.list()).map((p) => [p.id, p.name])) : new Map<string, string>();
    return rows.map(({ tokenHash: _secret, ...d }) => ({
      ...d,
      fleetName: d.fleetId ? (fleetNames.get(d.fleetId) ?? null) : null,
      playlistName: d.playlistId ? (playlistNames.get(d.playlistId) ?? null) : null,
      createdAt: new Date(d.createdAt).toISOString(),
      lastSeenAt: iso(d.lastSeenAt),
      revokedAt: iso(d.revokedAt),
    }));
  };

  r.get(
    `${WALL_DISPLAY_API.base}/query/list`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Every display token, newest first, revoked ones too (super.admin)',
        querystring: DisplayTokenQuerySchema,
        response: answers(PageOf(DisplayTokenSchema)),
      },
    },
    async (req) => {
      const all = await ctx.repo.displays.list();
      const { pageNum, pageSize } = req.query;
      const start = (pageNum - 1) * pageSize;
      return ok({ rows: await view(all.slice(start, start + pageSize)), total: all.length });
    },
  );
  r.post(
    `${WALL_DISPLAY_API.base}/add/single`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Issue a display token; the answer (with the display link) is the only time the token is shown (super.admin)',
        body: DisplayTokenInputSchema,
        response: answers(IssuedDisplayTokenSchema),
      },
    },
    async (req) => {
      const fleetId = req.body.fleetId ?? null;
      if (fleetId !== null && !(await ctx.repo.fleets.get(fleetId))) throw badRequest('fleetId: no such fleet');
      const token = randomToken();
      const display = await ctx.repo.displays.create({
        name: req.body.name,
        fleetId,
        tokenHash: tokenHash(token),
        createdAt: ctx.now(),
        createdBy: accountOf(req).user.userName,
      });
      await recordAudit(ctx, req, { event: 'display-token.issued', target: displaySubject(display), detail: fleetId ? `fleet ${fleetId}` : 'every fleet' });
      const [listed] = await view([display]);
      return ok({ ...listed!, token, link: consoleLink(ctx.publicOrigin(req), WALL_LINK.path, { [WALL_LINK.displayParam]: token }) });
    },
  );
  r.post(
    `${WALL_DISPLAY_API.base}/revoke/single`,
    {
      config: admin,
      schema: {
        tags,
        summary: "Revoke a display token: the wall's sessions end at once (cmd 161, msgId 1003) (super.admin)",
        body: DisplayRefSchema,
        response: answers(DisplayTokenSchema),
      },
    },
    async (req) => {
      const { displayId } = req.body;
      const display = await ctx.repo.displays.get(displayId);
      if (!display) throw notFound('Display not found');
      if (!(await ctx.repo.displays.revoke(displayId, ctx.now()))) throw badRequest('displayId: this display is already revoked');
      await ctx.repo.sessions.revokeDisplay(displayId);
      ctx.sync.logout({ displayId }, FORCED_LOGOUT.displayRevoked);
      await recordAudit(ctx, req, { event: 'display-token.revoked', target: displaySubject(display) });
      const [listed] = await view([(await ctx.repo.displays.get(displayId))!]);
      return ok(listed!);
    },
  );
  r.post(
    `${WALL_DISPLAY_API.base}/update/playlist`,
    {
      config: admin,
      schema: {
        tags,
        summary: 'Assign a playlist to a display (null: none); its wall switches at once (cmd 163) (super.admin)',
        body: DisplayPlaylistSchema,
        response: answers(DisplayTokenSchema),
      },
    },
    async (req) => {
      const { displayId, playlistId } = req.body;
      const display = await ctx.repo.displays.get(displayId);
      if (!display) throw badRequest('displayId: no such display');
      if (display.revokedAt !== null) throw badRequest(REVOKED);
      const playlist = playlistId === null ? null : await ctx.repo.playlists.get(playlistId);
      if (playlistId !== null && !playlist) throw badRequest('playlistId: no such playlist');
      // Revoked meanwhile.
      if (!(await ctx.repo.displays.assignPlaylist(displayId, playlistId))) throw badRequest(REVOKED);
      ctx.sync.displayPlaylist(displayId, playlistId);
      await recordAudit(ctx, req, { event: 'display-token.playlist', target: displaySubject(display), detail: playlist ? `playlist ${playlist.name}` : 'no playlist' });
      const [listed] = await view([(await ctx.repo.displays.get(displayId))!]);
      return ok(listed!);
    },
  );
};

/** Wall displays' tokens: store and routes. */
export const wallDisplaysModule: FleetModule = {
  name: 'wall-displays',
  stores: (database) => ({ displays: displayTokenStore(database) }),
  routes: registerDisplayTokenRoutes,
};
