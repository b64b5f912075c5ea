import type { ServerConfig } from '../config';
import { createFleetSimulator } from '../sim/fleet-simulator';
import { demoOpening } from './demo-fleet';
import { FIRMWARE_CATALOGUE } from './firmware-catalogue';
import { ShardedSimulator } from './sharded-simulator';

/**
 * The simulated fleet the server runs, as configured. In the demo scenario an over-the-air campaign
 * starting at `startMs` brings outdated devices to the newest firmware the server offers, and keeps
 * doing so as faulted units are swapped for spares with older firmware.
 */
export const createFleetModel = (config: ServerConfig, startMs: number): ShardedSimulator => {
  const versions = Object.fromEntries(Object.entries(FIRMWARE_CATALOGUE).map(([type, f]) => [type, f.latest]));
  // Spares ship with the oldest firmware; a BMS is repaired in place (its update needs the loads off).
  const spares = Object.fromEntries(Object.entries(FIRMWARE_CATALOGUE).flatMap(([type, f]) => (type === 'bms' ? [] : [[type, f.shipped[0]]])));
  const opening = config.simScenario === 'demo' ? demoOpening(config.simVehicles, config.simSeed, startMs) : undefined;
  return new ShardedSimulator(
    Array.from({ length: config.simShards }, () =>
      createFleetSimulator({
        seed: config.simSeed,
        hz: config.simHz,
        firmwareBurnMs: config.firmwareBurnMs,
        firmwareFailureRate: config.firmwareFailureRate,
        scenario: config.simScenario,
        rollout: { fromMs: startMs, versions, spares },
        opening,
      }),
    ),
  );
};
