import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { CMD } from '../streams/protocol/types';
import { recordAlarms } from './alarms/alarm-recorder';
import { AttemptLimiter } from './auth/attempt-limiter';
import { consoleMailer, type Mailer } from './auth/mailer';
import { hashPassword } from './auth/password-hash';
import { randomPassword } from './auth/secrets';
import { resolveActor } from './access/resolve-actor';
import type { ServerConfig } from './config';
import { demoFleet } from './fleet/demo-fleet';
import { ShardedSimulator } from './fleet/sharded-simulator';
import { trackFirmware } from './fleet/firmware-tracker';
import { logGroupOperation } from './fleet/group-operation-log';
import { VehicleDirectory } from './fleet/vehicle-directory';
import { simSpecOf } from './fleet/vehicle-devices';
import { authenticate } from './http/authenticate';
import { corsHook } from './http/cors';
import { errorHandler } from './http/error-handler';
import { createDeviceCommands } from './hub/device-commands';
import { SocketHub } from './hub/socket-hub';
import { registerApiRoutes } from './routes/api-routes';
import type { ServerContext } from './server-context';
import type { FleetSimulator } from './sim/types';
import { backfillHistory } from './telemetry/history-backfill';
import { sampleHistory } from './telemetry/history-sampler';
import { openDatabase } from './storage/open-database';
import type { DeviceRecord } from './storage/records';
import { createSqliteRepository } from './storage/sqlite/sqlite-repository';

export interface BuildServerOptions {
  config: ServerConfig;
  simulator: FleetSimulator;
  mailer?: Mailer;
  /** A fresh model for filling FLEET_HISTORY_BACKFILL_H hours of history on first start; without it, no backfill. */
  backfillSimulator?: () => FleetSimulator;
  now?: () => number;
  /** Server log lines (mail, notices); defaults to stdout. */
  log?: (line: string) => void;
  logger?: boolean;
}

export interface FleetServer {
  app: FastifyInstance;
  ctx: ServerContext;
  /** Every route registered (method and URL), as Fastify saw them. */
  routes: Array<{ method: string; url: string }>;
  /** The super admin password generated on this (first) start, or null. */
  generatedAdminPassword: string | null;
  /** Listens and starts the simulator clock; resolves to the base URL. */
  start(): Promise<string>;
  close(): Promise<void>;
}

export const buildServer = async (options: BuildServerOptions): Promise<FleetServer> => {
  const { config, simulator: sim } = options;
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const repo = createSqliteRepository(openDatabase(config.dbPath));

  const adminPassword = config.adminPassword ?? randomPassword();
  const createdAt = new Date(now()).toISOString();
  const seeded = await repo.seedOnce(
    demoFleet({
      vehicles: config.simVehicles,
      seed: config.simSeed,
      createdAt,
      admin: {
        id: 'user-admin',
        email: config.adminEmail,
        userName: 'Administrator',
        passwordHash: await hashPassword(adminPassword),
        status: 'active',
        roleId: 'role-super-admin',
        phone: '',
        speedUnit: 'km/h',
        mileageUnit: 'km',
        createdAt,
      },
    }),
  );

  const directory = new VehicleDirectory();
  const devicesByVehicle = new Map<string, DeviceRecord[]>();
  for (const d of await repo.vehicles.allDevices()) {
    const list = devicesByVehicle.get(d.vehicleId) ?? [];
    list.push(d);
    devicesByVehicle.set(d.vehicleId, list);
  }
  for (const v of await repo.vehicles.all()) {
    directory.set(v);
    sim.add(simSpecOf(v, devicesByVehicle.get(v.id) ?? []), now());
  }

  const hub = new SocketHub({
    directory,
    now,
    setLive: (id, live) => sim.setLive(id, live),
    currentFrames: (id) => {
      const status = sim.status(id);
      const values = sim.devices(id).flatMap((d) => {
        const latest = sim.latest({ vehicleId: id, ...d });
        return latest ? [{ cmd: CMD.values, data: latest }] : [];
      });
      return status ? [{ cmd: CMD.vehicleStatus, data: status }, ...values] : values;
    },
    resolve: async (wsKey) => resolveActor(repo, await repo.sessions.byWsKey(wsKey), now()),
    deviceCommands: createDeviceCommands({ sim, directory, now, record: logGroupOperation(repo, now) }),
  });
  const unsubscribeFrames = sim.onFrame((frame) => hub.publish(frame));
  const stopFirmwareTracking = trackFirmware(sim, repo);
  await repo.alarms.closeOpen(now());
  const stopAlarms = recordAlarms(sim, repo);

  const ctx: ServerContext = {
    config,
    repo,
    sim,
    hub,
    directory,
    now,
    mailer: options.mailer ?? consoleMailer(log),
    accountLimiter: new AttemptLimiter(10, 5 * 60_000),
    addressLimiter: new AttemptLimiter(30, 5 * 60_000),
  };

  const app = Fastify({ logger: options.logger ?? false, trustProxy: config.trustProxy, bodyLimit: 1024 * 1024 });
  if (config.corsOrigins.length > 0) app.addHook('onRequest', corsHook(config.corsOrigins));
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorateRequest('actor', null);
  app.setErrorHandler(errorHandler);
  // The console sends `Content-Type: application/json` on every call, also on DELETE and bodiless POSTs.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(Object.assign(new Error('body: invalid JSON'), { statusCode: 400 }), undefined);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Fleet Console API', version: '2.0.1', description: 'Reference product API of Fleet Console' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
  });
  await app.register(fastifyMultipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1 } });
  await app.register(fastifyWebsocket, { options: { maxPayload: 1024 * 1024 } });
  await app.register(
    async (api) => {
      api.addHook('onRequest', authenticate(ctx));
      // @fastify/websocket hides upgrade routes from the document; the socket is part of the API, so list it.
      api.addHook('onRoute', (route) => {
        if (route.websocket && route.schema) route.schema.hide = false;
        // Public calls need no bearer token; say so in the document.
        if (route.config?.access?.public && route.schema) (route.schema as { security?: unknown[] }).security = [];
      });
      registerApiRoutes(api, ctx);
      api.get('/docs', { schema: { hide: true }, config: { access: { public: true } } }, async () => app.swagger());
    },
    { prefix: '/api' },
  );

  const staticRoot = resolve(config.staticDir);
  if (existsSync(staticRoot)) await app.register(fastifyStatic, { root: staticRoot, wildcard: true });
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    if (req.method === 'GET' && !path.startsWith('/api/') && path !== '/api' && existsSync(resolve(staticRoot, 'index.html'))) {
      return reply.type('text/html').sendFile('index.html', staticRoot);
    }
    return reply.code(404).send({ code: 404, msg: 'Unable to find webpage!', data: null });
  });

  let clock: NodeJS.Timeout | null = null;
  let stopSampling: (() => void) | null = null;
  const sessionPrune = setInterval(() => void repo.sessions.prune(now()), 3600_000);
  sessionPrune.unref();
  const backfill = async () => {
    if (!options.backfillSimulator || config.historyBackfillH === 0 || (await repo.history.hasAny())) return;
    const specs = (await repo.vehicles.all()).map((v) => simSpecOf(v, devicesByVehicle.get(v.id) ?? []));
    const intervalMs = config.historyIntervalS * 1000;
    const done = await backfillHistory(options.backfillSimulator(), repo, specs, { hours: config.historyBackfillH, intervalMs, endMs: now() });
    log(`History backfill: ${done.samples} samples of the last ${config.historyBackfillH} h in ${Math.round(done.ms / 1000)} s`);
  };
  return {
    app,
    ctx,
    routes,
    generatedAdminPassword: seeded && config.adminPassword === null ? adminPassword : null,
    start: async () => {
      await app.listen({ port: config.port, host: config.host });
      // A sharded model steps one shard per slot, spread over the tick period. Flushing right after a
      // step sends its frames without waiting for the batching timer.
      const slots = sim instanceof ShardedSimulator ? sim.shardCount : 1;
      let slot = 0;
      clock = setInterval(() => {
        if (sim instanceof ShardedSimulator) sim.stepShard(slot, now());
        else sim.step(now());
        slot = (slot + 1) % slots;
        hub.flush();
      }, 1000 / config.simHz / slots);
      stopSampling = sampleHistory(sim, repo, directory, config.historyIntervalS * 1000, now);
      if (seeded) void backfill().catch((err: unknown) => log(`History backfill failed: ${String(err)}`));
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : config.port;
      return `http://localhost:${port}`;
    },
    close: async () => {
      if (clock) clearInterval(clock);
      clearInterval(sessionPrune);
      stopSampling?.();
      unsubscribeFrames();
      stopFirmwareTracking();
      await stopAlarms();
      hub.stop();
      await app.close();
      repo.close();
    },
  };
};
