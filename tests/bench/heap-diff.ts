// npx tsx tests/bench/heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]
// What grew between two heap snapshots of the same page: objects and bytes by kind and constructor,
// largest growth first. The soak writes its snapshots with BENCH_HEAP_SNAPSHOTS=<dir>.
import { readFileSync } from 'node:fs';

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

type Tally = Map<string, { count: number; bytes: number }>;

const tally = (file: string): Tally => {
  const snap = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const types = snap.snapshot.meta.node_types[0];
  const [type, name, size] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f)) as [number, number, number];
  const out: Tally = new Map();
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const kind = types[snap.nodes[i + type]!]!;
    // Strings and code are told apart by kind only; objects by their constructor, native ones (DOM,
    // performance entries) by their class.
    const key = kind === 'object' || kind === 'closure' || kind === 'native' ? `${kind} ${snap.strings[snap.nodes[i + name]!]}` : kind;
    const t = out.get(key) ?? { count: 0, bytes: 0 };
    t.count += 1;
    t.bytes += snap.nodes[i + size]!;
    out.set(key, t);
  }
  return out;
};

const [beforeFile, afterFile, rowsArg] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  process.stderr.write('usage: heap-diff.ts <before.heapsnapshot> <after.heapsnapshot> [rows]\n');
  process.exit(2);
}
const before = tally(beforeFile);
const after = tally(afterFile);
const keys = new Set([...before.keys(), ...after.keys()]);
const rows = [...keys].map((key) => {
  const b = before.get(key) ?? { count: 0, bytes: 0 };
  const a = after.get(key) ?? { count: 0, bytes: 0 };
  return { key, count: a.count - b.count, bytes: a.bytes - b.bytes };
});
const total = rows.reduce((sum, r) => sum + r.bytes, 0);
console.log(`heap grew by ${(total / 1024).toFixed(0)} kB (self sizes)`);
for (const r of rows.sort((x, y) => Math.abs(y.bytes) - Math.abs(x.bytes)).slice(0, Number(rowsArg ?? 30))) {
  console.log(`${(r.bytes / 1024).toFixed(1).padStart(9)} kB ${String(r.count).padStart(8)} objects  ${r.key}`);
}
