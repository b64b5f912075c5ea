import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../platform/http/api-error';
import { answers, Failure, ok } from '../platform/http/envelope';
import { scope } from '../platform/http/scope-policy';
import type { TypeBoxProvider } from '../platform/http/type-provider';
import { TileInfoSchema } from '../../contract/entities/map-tiles';
import type { ServerContext } from '../server-context';
import { TILE_CONTENT_TYPE } from './tile-format';

/**
 * The administrator's offline tiles (FLEET_TILES_FILE). Public like the console's own files: the
 * map's image requests carry no token, and a basemap holds no fleet data.
 */
export const registerTileRoutes = (app: FastifyInstance, ctx: ServerContext) => {
  const r = app.withTypeProvider<TypeBoxProvider>();
  const tags = ['tiles'];
  const basemap = { access: { public: true as const }, scope: scope.unscoped('public: a basemap holds no fleet data') };
  r.get(
    '/tiles/info',
    {
      config: basemap,
      schema: { tags, summary: 'Whether the server has offline raster tiles, their format, zoom range, attribution and bounds', response: answers(TileInfoSchema) },
    },
    async () => (ctx.tiles ? ok({ available: true, ...ctx.tiles.info }) : ok({ available: false })),
  );
  r.get(
    '/tiles/:z/:x/:y',
    {
      config: basemap,
      schema: {
        tags,
        summary: 'One raster tile (XYZ, y from the north) of the offline tiles file; 404 where it has none',
        params: Type.Object({
          z: Type.Integer({ minimum: 0, maximum: 24 }),
          x: Type.Integer({ minimum: 0, maximum: 2 ** 24 - 1 }),
          y: Type.Integer({ minimum: 0, maximum: 2 ** 24 - 1 }),
        }),
        produces: ['image/png', 'image/jpeg', 'image/webp'],
        response: { 200: Type.Any(), '4xx': Failure, '5xx': Failure },
      },
    },
    async (req, reply) => {
      const { z, x, y } = req.params;
      for (const [field, value] of [
        ['x', x],
        ['y', y],
      ] as const) {
        if (value >= 2 ** z) throw badRequest(`${field}: must be below ${2 ** z} at zoom ${z}`);
      }
      const tile = ctx.tiles && (await ctx.tiles.tile(z, x, y));
      if (!tile) throw notFound('No tile here');
      return reply
        .type(TILE_CONTENT_TYPE[ctx.tiles!.info.format])
        .header('cache-control', 'public, max-age=3600')
        .send(Buffer.from(tile.buffer, tile.byteOffset, tile.byteLength));
    },
  );
};
