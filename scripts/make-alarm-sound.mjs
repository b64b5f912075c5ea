// Writes public/sounds/alarm.wav: the wall's alarm chime, made here so the console ships its own
// sound and needs no network. Two falling tones, twice, 8-bit mono at 16 kHz (about 18 KB).
// Run: node scripts/make-alarm-sound.mjs
import { writeFileSync } from 'node:fs';

const RATE = 16_000;
const TONES = [
  [880, 0.18],
  [0, 0.04],
  [660, 0.22],
  [0, 0.16],
  [880, 0.18],
  [0, 0.04],
  [660, 0.22],
  [0, 0.1],
];
const samples = [];
for (const [hz, seconds] of TONES) {
  const n = Math.round(seconds * RATE);
  for (let i = 0; i < n; i++) {
    // A short fade in and out keeps the tones from clicking.
    const envelope = Math.min(1, i / 160, (n - i) / 160);
    const wave = hz === 0 ? 0 : Math.sin((2 * Math.PI * hz * i) / RATE) * 0.6 * envelope;
    samples.push(Math.round(128 + 127 * wave));
  }
}
const header = Buffer.alloc(44);
header.write('RIFF', 0);
header.writeUInt32LE(36 + samples.length, 4);
header.write('WAVEfmt ', 8);
header.writeUInt32LE(16, 16);
header.writeUInt16LE(1, 20); // PCM
header.writeUInt16LE(1, 22); // mono
header.writeUInt32LE(RATE, 24);
header.writeUInt32LE(RATE, 28); // bytes per second
header.writeUInt16LE(1, 32); // block align
header.writeUInt16LE(8, 34); // bits per sample
header.write('data', 36);
header.writeUInt32LE(samples.length, 40);
writeFileSync(new URL('../public/sounds/alarm.wav', import.meta.url), Buffer.concat([header, Buffer.from(samples)]));
