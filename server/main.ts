import { buildServer } from './app';
import { openBus } from './platform/bus/open-bus';
import { readConfig } from './config';
import { createFleetModel } from './fleet/fleet-model';

const config = readConfig(process.env);
const server = await buildServer({
  config,
  simulator: config.sim ? createFleetModel(config, Date.now()) : null,
  bus: await openBus(config),
  backfillHistory: true,
});
const url = await server.start();
process.stdout.write(`Fleet Console listening on ${url}\n`);
if (!config.publicUrl) {
  process.stdout.write(`Socket addresses and share links point at ${url}; set FLEET_PUBLIC_URL if people reach the console elsewhere\n`);
}
process.stdout.write(`${server.ctx.mailer.describe}\n`);
if (server.generatedAdminPassword) {
  process.stdout.write(`Super admin: ${config.adminEmail} / ${server.generatedAdminPassword} (generated once; set FLEET_ADMIN_PASSWORD to choose it)\n`);
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
