// npm run replay -- <trace.jsonl> [--speed 1|10|100|max] [--port P] [--host H] [--dist dir] [--retime]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseTrace } from '../streams/trace/parse-trace';
import type { ReplaySpeed } from '../streams/trace/types';
import { startReplayServer } from './trace/replay-server';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    speed: { type: 'string', default: '1' },
    port: { type: 'string', default: '8090' },
    host: { type: 'string', default: '127.0.0.1' },
    dist: { type: 'string' },
    retime: { type: 'boolean', default: false },
  },
});

const [file] = positionals;
if (!file) {
  process.stderr.write('usage: npm run replay -- <trace.jsonl> [--speed 1|10|100|max] [--port P] [--retime]\n');
  process.exit(2);
}
const speed: ReplaySpeed = values.speed === 'max' ? 'max' : Number(values.speed);
if (speed !== 'max' && !(speed > 0)) {
  process.stderr.write('--speed must be a positive number or max\n');
  process.exit(2);
}

const trace = parseTrace(readFileSync(file, 'utf8'));
const server = await startReplayServer({ trace, speed, port: Number(values.port), host: values.host, distDir: values.dist, retime: values.retime });
process.stdout.write(`Replay listening on ${server.url}\n`);
process.stdout.write(`${trace.lines.length} lines, ${(trace.lines.at(-1)?.t ?? 0) / 1000} s at ${speed === 'max' ? 'maximum speed' : `${speed}x`}`);
process.stdout.write(values.retime ? ', times moved to now\n' : ', recorded times\n');

const stop = (): void => {
  void server.close().finally(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
