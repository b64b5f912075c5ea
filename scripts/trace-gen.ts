// npm run trace:gen -- --vehicles N --rate R --seconds S [--seed K] [--out file]
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateTrace } from './trace/generate-trace';

const { values } = parseArgs({
  options: {
    vehicles: { type: 'string', default: '10' },
    rate: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '60' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});

const numbers = {
  vehicles: Number(values.vehicles),
  rate: Number(values.rate),
  seconds: Number(values.seconds),
  seed: Number(values.seed),
};
for (const [name, value] of Object.entries(numbers)) {
  if (!Number.isFinite(value) || value <= 0) {
    process.stderr.write(`--${name} must be a positive number\n`);
    process.exit(2);
  }
}

const out = values.out ? createWriteStream(values.out) : process.stdout;
let lines = 0;
let buffer = '';
for (const line of generateTrace({ ...numbers, vehicles: Math.floor(numbers.vehicles) })) {
  buffer += `${JSON.stringify(line)}\n`;
  lines += 1;
  if (buffer.length > 1 << 16) {
    out.write(buffer);
    buffer = '';
  }
}
out.write(buffer);
if (values.out) {
  out.end();
  process.stderr.write(`wrote ${lines} lines to ${values.out}\n`);
}
