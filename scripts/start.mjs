// `npm start`: build the console when dist/ is missing or older than its sources, then run the
// reference server, which serves dist/, the REST API and the websocket on one port.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

buildIfStale();
// A larger young generation: the first start's history backfill and the live model make many
// short-lived objects, and fewer scavenges cut the backfill's CPU by about a tenth.
const server = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
