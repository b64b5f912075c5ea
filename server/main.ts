import { buildServer } from './app';
import { readConfig } from './config';
import { ShardedSimulator } from './fleet/sharded-simulator';
import { createFleetSimulator } from './sim/fleet-simulator';

const config = readConfig(process.env);
const server = await buildServer({
  config,
  simulator: new ShardedSimulator(
    Array.from({ length: config.simShards }, () =>
      createFleetSimulator({
        seed: config.simSeed,
        hz: config.simHz,
        firmwareBurnMs: config.firmwareBurnMs,
        firmwareFailureRate: config.firmwareFailureRate,
      }),
    ),
  ),
  backfillSimulator: () => createFleetSimulator({ seed: config.simSeed + 1, hz: 1 / config.historyIntervalS }),
});
const url = await server.start();
process.stdout.write(`Fleet Console listening on ${url}\n`);
if (server.generatedAdminPassword) {
  process.stdout.write(
    `Super admin: ${config.adminEmail} / ${server.generatedAdminPassword} (generated once; set FLEET_ADMIN_PASSWORD to choose it)\n`,
  );
}

let closing = false;
const shutdown = () => {
  if (closing) return;
  closing = true;
  server.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
