import type { ServerConfig } from '../../config';
import { createFleetModel } from '../../fleet/fleet-model';
import type { LiveFleet } from '../../fleet/live-fleet';
import { driveModel } from '../../fleet/model-clock';
import type { VehicleDirectory } from '../../fleet/vehicle-directory';
import { startIssueEscalation } from '../../follow-up/issue-escalation';
import type { SocketHub } from '../../hub/socket-hub';
import type { MqttBridge } from '../../ingest/mqtt-bridge';
import { createPrealarmMonitor } from '../../prealarms/prealarm-monitor';
import type { PrealarmStatus } from '../../prealarms/prealarm-status';
import { keepRollups } from '../../reports/hourly-rollups';
import type { ServerContext } from '../../server-context';
import type { FleetSimulator, SimVehicleSpec } from '../../sim/types';
import { backfillHistory, type HistoryWindow } from '../../telemetry/history-backfill';
import { sampleHistory } from '../../telemetry/history-sampler';

/** How often the node holding the incident duty groups new alarms, resolves and escalates. */
const INCIDENT_STEP_MS = 1000;

interface DutyParts {
  ctx: ServerContext;
  sim: FleetSimulator | null;
  bridge: MqttBridge | null;
  /** True on a cluster node fed by the bus: it knows no statuses until the sources report them again. */
  mirrored: boolean;
  live: LiveFleet;
  hub: SocketHub;
  prealarmStatus: PrealarmStatus;
  specs: SimVehicleSpec[];
  backfilling: boolean;
  history: HistoryWindow;
  log: (line: string) => void;
}

/**
 * What a listening node does over time: step its model, sample history and keep its rollups, judge
 * pre-alarm rules, escalate issues and, on a first start, fill the history window. Duties that one
 * node of a cluster does at a time are taken in turn through the bus. Answers how to stop them all.
 */
export const startNodeDuties = ({ ctx, sim, bridge, mirrored, live, hub, prealarmStatus, specs, backfilling, history, log }: DutyParts) => {
  const { config, repo, bus, directory, now } = ctx;
  const stops: Array<() => unknown> = [];
  // A sharded model steps one shard per slot, spread over the tick period. Flushing right after a
  // step sends its frames without waiting for the batching timer.
  if (sim) {
    const clock = driveModel(sim, config.simHz, now, () => hub.flush());
    stops.push(() => clearInterval(clock));
  }
  if (mirrored) {
    bus.broadcast({ type: 'resync' });
    bridge?.resync();
  }
  let afterBackfill: () => Promise<unknown> = async () => {};
  // Nodes that take in frames stand for sampling history and judging pre-alarm rules; one of them does each at a time.
  if (sim || bridge) {
    const historyDuty = bus.standFor('history');
    const retention = { intervalMs: config.historyIntervalS * 1000, retentionMs: config.historyRetentionD * 24 * 3600_000 };
    const stopSampling = sampleHistory(live, repo, directory, retention, now, historyDuty.leads);
    const rollups = keepRollups(repo, now, 60_000, historyDuty.leads, log);
    afterBackfill = rollups.kick;
    const prealarmDuty = bus.standFor('prealarms');
    const stopMonitor = createPrealarmMonitor({ repo, live, directory, now, evaluated: () => prealarmStatus.refresh() }).start(
      config.prealarmEvaluationS * 1000,
      prealarmDuty.leads,
    );
    stops.push(stopSampling, historyDuty.withdraw, rollups.stop, () => (stopMonitor(), prealarmDuty.withdraw()));
  }
  stops.push(startIssueEscalation(ctx, log));
  // Incidents are grouped from what is stored, so any node can: one at a time.
  const incidentDuty = bus.standFor('incidents');
  // The node grouping incidents also dispatches their notifications.
  stops.push(ctx.incidents.grouper.start(INCIDENT_STEP_MS, incidentDuty.leads, log), ctx.dispatcher.start(incidentDuty.leads), incidentDuty.withdraw);
  let stopped = false;
  if (backfilling) void backfill(ctx, specs, history, () => stopped, afterBackfill, log).catch((err: unknown) => log(`History backfill failed: ${String(err)}`));
  return async () => {
    stopped = true;
    for (const stop of stops) await stop();
  };
};

/** A model of the same fleet replays the history window vehicle by vehicle, then goes. */
const backfill = async (
  { config, repo, directory }: { config: ServerConfig; repo: ServerContext['repo']; directory: VehicleDirectory },
  specs: SimVehicleSpec[],
  history: HistoryWindow,
  stopped: () => boolean,
  afterBackfill: () => Promise<unknown>,
  log: (line: string) => void,
) => {
  const done = await backfillHistory(createFleetModel(config, history.untilMs), repo, specs, {
    ...history,
    stopped,
    pending: (id) => directory.has(id),
  });
  if (stopped()) return;
  log(`History backfill: ${done.samples} samples of the last ${config.historyBackfillH} h in ${Math.round(done.ms / 1000)} s`);
  await afterBackfill();
};
