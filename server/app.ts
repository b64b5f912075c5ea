import Fastify, { type FastifyInstance } from 'fastify';
import { AttemptLimiter } from './platform/auth/attempt-limiter';
import { CodeLimits } from './platform/auth/code-limits';
import { type Mailer, openMailer } from './platform/auth/mailer';
import { SHARE_LINK_FAILURES, SignInThrottle } from './platform/auth/sign-in-throttle';
import { displayLastSeen } from './access/display-last-seen';
import type { ServerConfig } from './config';
import type { FleetBus } from './platform/bus/fleet-bus';
import { LiveMirror } from './platform/bus/live-mirror';
import { LocalBus } from './platform/bus/local-bus';
import { VehicleDirectory } from './fleet/vehicle-directory';
import { publicOrigin } from './platform/http/public-origin';
import { MAX_BODY_BYTES } from './platform/http/upload-limits';
import { seedFirstStart } from './platform/boot/first-start';
import { loadFleet } from './platform/boot/fleet-directory';
import { connectFrameSources } from './platform/boot/frame-sources';
import { mountHttp, type RegisteredRoute } from './platform/boot/http-app';
import { wireLivePipeline } from './platform/boot/live-pipeline';
import { startNodeDuties } from './platform/boot/node-duties';
import { openTileArchive } from './tiles/tile-archive';
import { incidentEvents } from './modules/incidents/incident-events';
import { incidentGrouper, incidentRules } from './modules/incidents/incident-grouper';
import type { ServerContext } from './server-context';
import type { FleetSimulator } from './sim/types';
import type { HistoryWindow } from './telemetry/history-backfill';
import { openRepository } from './platform/database/open-repository';
import { notificationDispatcher } from './modules/notification-policies/notification-dispatcher';
import { notificationDelivery } from './modules/notifications/notification-delivery';

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
  /** Every route registered, as Fastify saw them, with its declared access and scope. */
  routes: RegisteredRoute[];
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
  const { seeded, adminPassword } = await seedFirstStart(repo, config, now);

  const directory = new VehicleDirectory();
  // In a cluster every node keeps a mirror of the bus; a single node reads its own model.
  const mirror = bus.shared || !sim ? new LiveMirror() : null;
  const { live, prealarmStatus, hub, sync, stops } = wireLivePipeline({
    repo,
    bus,
    directory,
    mirror,
    sim,
    now,
    prealarmEvaluationMs: config.prealarmEvaluationS * 1000,
  });
  const backfilling = options.backfillHistory === true && seeded && config.historyBackfillH > 0 && !(await repo.history.hasAny());
  const specs = await loadFleet(repo, directory, mirror);
  const history: HistoryWindow = { hours: config.historyBackfillH, intervalMs: config.historyIntervalS * 1000, untilMs: now() };
  const sources = await connectFrameSources({ config, repo, bus, directory, sim, specs, backfilling, history, now, log });
  stops.push(...sources.stops);

  const app = Fastify({ logger: options.logger ?? false, trustProxy: config.trustProxy, bodyLimit: MAX_BODY_BYTES });
  /** The address `start()` resolves to and the server prints. */
  const listeningOrigin = () => {
    const address = app.server.address();
    return `http://localhost:${typeof address === 'object' && address ? address.port : config.port}`;
  };
  const tiles = config.tilesFile ? await openTileArchive(config.tilesFile) : null;
  if (tiles) stops.push(() => tiles.close());
  const incidentEventsOfNode = incidentEvents(bus, hub, log);
  stops.push(incidentEventsOfNode.stop);
  const incidents = {
    events: incidentEventsOfNode,
    grouper: incidentGrouper({ repo, events: incidentEventsOfNode, now, rules: incidentRules(config.incidentEscalationS) }),
  };
  const notifications = notificationDelivery({ repo, config, now, log });
  const dispatcher = notificationDispatcher({
    repo,
    events: incidentEventsOfNode,
    bus,
    now,
    log,
    publicUrl: config.publicUrl,
    deliver: (point, n) => notifications.deliver(point, n),
  });
  const ctx: ServerContext = {
    config,
    incidents,
    dispatcher,
    repo,
    sim: live,
    hub,
    bus,
    sync,
    directory,
    now,
    mailer: options.mailer ?? openMailer(config, log),
    notifications,
    tiles,
    signInThrottle: new SignInThrottle(),
    displaySeen: displayLastSeen(repo, now, log),
    codeLimits: new CodeLimits(),
    shareLinkLimiter: new AttemptLimiter(SHARE_LINK_FAILURES.limit, SHARE_LINK_FAILURES.windowMs),
    publicOrigin: (req) => publicOrigin(req, config, listeningOrigin),
  };
  const routes = await mountHttp(app, ctx);

  const sessionPrune = setInterval(() => void repo.sessions.prune(now()), 3600_000);
  sessionPrune.unref();
  let stopDuties: () => Promise<void> = async () => {};
  return {
    app,
    ctx,
    routes,
    generatedAdminPassword: seeded && config.adminPassword === null ? adminPassword : null,
    start: async () => {
      await app.listen({ port: config.port, host: config.host });
      await ctx.notifications.start();
      stopDuties = startNodeDuties({ ctx, sim, bridge: sources.bridge, mirrored: mirror !== null, live, hub, prealarmStatus, specs, backfilling, history, log });
      return listeningOrigin();
    },
    close: async () => {
      await stopDuties();
      await ctx.notifications.stop();
      await sources.modelState?.stop();
      clearInterval(sessionPrune);
      for (const stop of stops.reverse()) await stop();
      hub.stop();
      await app.close();
      await bus.close();
      await repo.close();
    },
  };
};
