import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { CMD } from '../contract/protocol/types';
import { alarmIdentityKey, recordAlarms } from './alarms/alarm-recorder';
import { startIssueEscalation } from './follow-up/issue-escalation';
import { AttemptLimiter } from './auth/attempt-limiter';
import { CodeLimits } from './auth/code-limits';
import { openMailer, type Mailer } from './auth/mailer';
import { hashPassword } from './auth/password-hash';
import { randomPassword } from './auth/secrets';
import { SHARE_LINK_FAILURES, SignInThrottle } from './auth/sign-in-throttle';
import { resolveActor } from './access/resolve-actor';
import type { ServerConfig } from './config';
import { demoFleet } from './fleet/demo-fleet';
import { createFleetModel } from './fleet/fleet-model';
import { driveModel } from './fleet/model-clock';
import { keepModelState, resumeFleet } from './fleet/model-state';
import { trackFirmware } from './fleet/firmware-tracker';
import { logGroupOperation } from './fleet/group-operation-log';
import { VehicleDirectory } from './fleet/vehicle-directory';
import { simSpecOf } from './fleet/vehicle-devices';
import { authenticate } from './http/authenticate';
import { displayLastSeen } from './access/display-last-seen';
import { consoleConfigFile } from './http/console-config-file';
import { serveConsoleFiles } from './http/console-files';
import { corsHook } from './http/cors';
import { errorHandler } from './http/error-handler';
import { publicOrigin } from './http/public-origin';
import { requestValidatorCompiler } from './http/request-validation';
import { MAX_BODY_BYTES, MAX_UPLOAD_BYTES, MAX_UPLOAD_FIELD_BYTES, MAX_UPLOAD_FIELDS } from './http/upload-limits';
import { registerSecurityHeaders } from './http/security-headers';
import { createDeviceCommands } from './hub/device-commands';
import { MqttBridge } from './ingest/mqtt-bridge';
import { ownDevices } from './bus/device-owner';
import type { FleetBus } from './bus/fleet-bus';
import { LiveMirror } from './bus/live-mirror';
import { LocalBus } from './bus/local-bus';
import { syncNodes } from './bus/node-sync';
import { SilenceWatch } from './fleet/silence-watch';
import { SocketHub, TRANSPORT_MAX_INBOUND_BYTES } from './hub/socket-hub';
import { createPrealarmMonitor } from './prealarms/prealarm-monitor';
import { PrealarmStatus } from './prealarms/prealarm-status';
import { keepRollups } from './reports/hourly-rollups';
import { registerApiRoutes } from './routes/api-routes';
import { openTileArchive } from './tiles/tile-archive';
import type { ServerContext } from './server-context';
import type { FleetSimulator, SimFrame, SimVehicleSpec } from './sim/types';
import { backfillHistory, type HistoryWindow, warmUpFleet } from './telemetry/history-backfill';
import { sampleHistory } from './telemetry/history-sampler';
import { openRepository } from './storage/open-repository';
import type { DeviceRecord } from './modules/vehicles/vehicle-store';

export interface BuildServerOptions {
  config: ServerConfig;
  /** The fleet model this process runs; null: a cluster node fed by gateways over MQTT. */
  simulator: FleetSimulator | null;
  /** How this process shares live state with others; the in-process bus when omitted. Closed with the server. */
  bus?: FleetBus;
  mailer?: Mailer;
  /**
   * Fill FLEET_HISTORY_BACKFILL_H hours of history on first start: the simulator's vehicles are warmed
   * up from that long ago before the server listens, and a model of the same fleet stores that window
   * in the background; without it, no backfill.
   */
  backfillHistory?: boolean;
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
  const bus = options.bus ?? new LocalBus();
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const repo = await openRepository(config);

  const adminPassword = config.adminPassword ?? randomPassword();
  const createdAt = new Date(now()).toISOString();
  const account = { status: 'active', phone: '', speedUnit: 'km/h', mileageUnit: 'km', createdAt, lastSignInAt: null } as const;
  const seeded = await repo.seedOnce(
    demoFleet({
      vehicles: config.simVehicles,
      seed: config.simSeed,
      createdAt,
      admin: { ...account, id: 'user-admin', email: config.adminEmail, userName: 'Administrator', passwordHash: await hashPassword(adminPassword), roleId: 'role-super-admin' },
      // A password nobody knows: the administrator sends the engineer a reset ("Forgot password?" or the accounts page).
      serviceEngineer: {
        ...account,
        id: 'user-service-engineer',
        email: `service.engineer@${config.adminEmail.split('@')[1]}`,
        userName: 'Fleet Service',
        passwordHash: await hashPassword(randomPassword()),
        roleId: 'role-service-engineer',
      },
    }),
  );

  const directory = new VehicleDirectory();
  // In a cluster every node keeps a mirror of the bus; a single node reads its own model.
  const mirror = bus.shared || !sim ? new LiveMirror() : null;
  // Frames reach the consoles through the silence watch, which reports silent vehicles offline, and
  // the pre-alarm status, which puts vehicles with a fired pre-alarm in alarm.
  const prealarmStatus = new PrealarmStatus(mirror ?? (sim as FleetSimulator), repo, (vehicleId) => {
    const status = live.status(vehicleId);
    if (status) hub.publish({ cmd: CMD.vehicleStatus, data: status });
  });
  const live = new SilenceWatch(prealarmStatus, now, (frame) => hub.publish(prealarmStatus.frame(frame)));
  const devicesByVehicle = new Map<string, DeviceRecord[]>();
  for (const d of await repo.vehicles.allDevices()) {
    const list = devicesByVehicle.get(d.vehicleId) ?? [];
    list.push(d);
    devicesByVehicle.set(d.vehicleId, list);
  }
  const backfilling = options.backfillHistory === true && seeded && config.historyBackfillH > 0 && !(await repo.history.hasAny());
  const specs: SimVehicleSpec[] = [];
  for (const v of await repo.vehicles.all()) {
    directory.set(v);
    const spec = simSpecOf(v, devicesByVehicle.get(v.id) ?? []);
    specs.push(spec);
    mirror?.add(spec);
  }
  const history: HistoryWindow = { hours: config.historyBackfillH, intervalMs: config.historyIntervalS * 1000, untilMs: now() };

  const hub = new SocketHub({
    directory,
    now,
    setLive: (vehicleId, watched) => void bus.request({ op: 'live', vehicleId, live: watched, node: bus.nodeId }),
    currentFrames: (id) => {
      const status = live.status(id);
      const values = live.devices(id).flatMap((d) => {
        const latest = live.latest({ vehicleId: id, ...d });
        return latest ? [{ cmd: CMD.values, data: latest }] : [];
      });
      return status ? [{ cmd: CMD.vehicleStatus, data: status }, ...values] : values;
    },
    resolve: async (wsKey) => resolveActor(repo, await repo.sessions.byWsKey(wsKey), now()),
    deviceCommands: createDeviceCommands({ bus, directory, record: logGroupOperation(repo, now) }),
  });
  const sync = syncNodes({ bus, hub, repo, directory, live, now });
  const stops: Array<() => unknown> = [sync.stop];
  stops.push(bus.onFrames((frames) => (mirror ? mirror.take(frames) : frames.forEach((f) => live.take(f)))));
  if (mirror) stops.push(mirror.onFrame((frame) => live.take(frame)));
  stops.push(live.start(), prealarmStatus.start(config.prealarmEvaluationS * 1000));

  // Where frames enter the cluster: this process's model, and gateways on the MQTT broker. Alarms,
  // firmware logs and versions are written once, here, before the frames go out on the bus.
  const publishFrame = (frame: SimFrame) => bus.publishFrames(directory.get(frame.data.vehicleId)?.fleetId ?? '', [frame]);
  const bridge = config.mqttUrl
    ? await MqttBridge.connect({
        url: config.mqttUrl,
        prefix: config.mqttPrefix,
        nodeId: bus.nodeId,
        vehicleIdOf: (sn) => directory.vehicleIdOf(sn),
        snOf: (id) => directory.snOf(id),
      })
    : null;
  for (const source of [sim, bridge]) {
    if (!source) continue;
    stops.push(source.onFrame(publishFrame), trackFirmware(source, repo), recordAlarms(source, repo));
  }
  if (sim) stops.push(bus.serveDevices(ownDevices(sim, now), 'owner'));
  // Added once the listeners above record what they raise. On a first start every vehicle is warmed
  // over the history window, so it answers plausible values at once; the history follows behind.
  // Later starts go on from the model's saved state.
  if (sim && backfilling) warmUpFleet(sim, specs, history);
  else if (sim) await resumeFleet(sim, specs, repo.modelState, now(), log);
  // Alarms left open by the last run that the model no longer has are over; those it still has stay
  // open as they were (started, acknowledged), as its raise of them again is no news to the store.
  if (sim && !bus.shared) {
    const active = new Set(specs.flatMap((s) => sim.activeAlarms(s.id).map(alarmIdentityKey)));
    await repo.alarms.closeOpen(now(), (alarm) => active.has(alarmIdentityKey(alarm)));
  }
  const modelState = sim ? keepModelState(sim, repo.modelState, config.modelSaveS * 1000, now, log) : null;
  if (bridge) {
    stops.push(
      bus.serveDevices(bridge.request, 'bridge'),
      bridge.onGatewayOnline(() => void repo.alarms.closeOpen(now())),
      bus.onEvent((event) => event.type === 'resync' && bridge.resync()),
      () => bridge.close(),
    );
  }

  const app = Fastify({ logger: options.logger ?? false, trustProxy: config.trustProxy, bodyLimit: MAX_BODY_BYTES });
  /** The address `start()` resolves to and the server prints. */
  const listeningOrigin = () => {
    const address = app.server.address();
    return `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
  };

  const tiles = config.tilesFile ? await openTileArchive(config.tilesFile) : null;
  if (tiles) stops.push(() => tiles.close());
  const ctx: ServerContext = {
    config,
    repo,
    sim: live,
    hub,
    bus,
    sync,
    directory,
    now,
    mailer: options.mailer ?? openMailer(config, log),
    tiles,
    signInThrottle: new SignInThrottle(),
    displaySeen: displayLastSeen(repo, now, log),
    codeLimits: new CodeLimits(),
    shareLinkLimiter: new AttemptLimiter(SHARE_LINK_FAILURES.limit, SHARE_LINK_FAILURES.windowMs),
    publicOrigin: (req) => publicOrigin(req, config, listeningOrigin),
  };

  await registerSecurityHeaders(app, consoleConfigFile(config.staticDir), ctx.publicOrigin);
  if (config.corsOrigins.length > 0) app.addHook('onRequest', corsHook(config.corsOrigins));
  const routes: Array<{ method: string; url: string }> = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  app.decorateRequest('actor', null);
  app.setErrorHandler(errorHandler);
  app.setValidatorCompiler(requestValidatorCompiler);
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
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: MAX_UPLOAD_FIELDS, fieldSize: MAX_UPLOAD_FIELD_BYTES, parts: MAX_UPLOAD_FIELDS + 1 },
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: TRANSPORT_MAX_INBOUND_BYTES } });
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

  await serveConsoleFiles(app, config.staticDir);

  let clock: NodeJS.Timeout | null = null;
  let historyDuty = { leads: () => false, withdraw: () => {} };
  let stopSampling: (() => void) | null = null;
  let afterBackfill: () => Promise<unknown> = async () => {};
  let stopEscalation: (() => void) | null = null;
  const sessionPrune = setInterval(() => void repo.sessions.prune(now()), 3600_000);
  sessionPrune.unref();
  let closed = false;
  const backfill = async () => {
    // A model of the same fleet replays the window vehicle by vehicle, then goes.
    const done = await backfillHistory(createFleetModel(config, history.untilMs), repo, specs, {
      ...history,
      stopped: () => closed,
      pending: (id) => directory.has(id),
    });
    if (!closed) log(`History backfill: ${done.samples} samples of the last ${config.historyBackfillH} h in ${Math.round(done.ms / 1000)} s`);
    if (!closed) await afterBackfill();
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
      if (sim) clock = driveModel(sim, config.simHz, now, () => hub.flush());
      // Nodes fed by gateways know no statuses yet; the gateways report them again.
      if (mirror) {
        bus.broadcast({ type: 'resync' });
        bridge?.resync();
      }
      // Nodes that take in frames stand for sampling history; one of them does it at a time.
      if (sim || bridge) historyDuty = bus.standFor('history');
      if (sim || bridge) stopSampling = sampleHistory(
          live,
          repo,
          directory,
          { intervalMs: config.historyIntervalS * 1000, retentionMs: config.historyRetentionD * 24 * 3600_000 },
          now,
          historyDuty.leads,
        );
      if (sim || bridge) {
        const rollups = keepRollups(repo, now, 60_000, historyDuty.leads, log);
        afterBackfill = rollups.kick;
        stops.push(rollups.stop);
      }
      // Pre-alarm rules are judged by one node of those that take in frames.
      if (sim || bridge) {
        const duty = bus.standFor('prealarms');
        const stopMonitor = createPrealarmMonitor({ repo, live, directory, now, evaluated: () => prealarmStatus.refresh() }).start(config.prealarmEvaluationS * 1000, duty.leads);
        stops.push(() => (stopMonitor(), duty.withdraw()));
      }
      stopEscalation = startIssueEscalation(ctx, log);
      if (backfilling) void backfill().catch((err: unknown) => log(`History backfill failed: ${String(err)}`));
      return listeningOrigin();
    },
    close: async () => {
      closed = true;
      if (clock) clearInterval(clock);
      await modelState?.stop();
      clearInterval(sessionPrune);
      stopSampling?.();
      stopEscalation?.();
      historyDuty.withdraw();
      for (const stop of stops.reverse()) await stop();
      hub.stop();
      await app.close();
      await bus.close();
      await repo.close();
    },
  };
};
