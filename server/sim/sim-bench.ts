// Step cost of a large fleet: npx tsx server/sim/sim-bench.ts [vehicles] [ticks]
import { createFleetSimulator } from './fleet-simulator';
import type { SimVehicleSpec, VehicleKind } from './types';

const count = Number(process.argv[2] ?? 10_000);
const ticks = Number(process.argv[3] ?? 120);
const kinds: VehicleKind[] = ['van', 'rv', 'bus', 'boat'];
// Mid-morning across the fleet's longitudes, when vans and buses are out driving.
const start = Date.UTC(2026, 5, 21, 9, 0, 0);

const sim = createFleetSimulator({ seed: 42, hz: 1 });
let frames = 0;
let statusFrames = 0;
sim.onFrame((f) => {
  frames++;
  if (f.cmd === 19) statusFrames++;
});
for (let i = 0; i < count; i++) {
  const kind = kinds[i % kinds.length]!;
  const big = kind === 'bus';
  const spec: SimVehicleSpec = {
    id: `veh-${i}`,
    kind,
    home: { lat: 35 + ((i * 7) % 200) / 10, lng: -10 + ((i * 13) % 400) / 10 },
    nominalVoltage: big ? 48 : kind === 'rv' ? 24 : 12,
    batteryAh: big ? 400 : 200,
    solarW: 200 + (i % 5) * 200,
    tanks: kind === 'van' ? 1 : kind === 'bus' ? 2 : 3,
    tyres: kind === 'boat' ? 0 : big ? 6 : 4,
    airConditioner: kind !== 'van',
    versions: {},
  };
  sim.add(spec, start);
}

// Warm up, then time steady 1 Hz ticks.
for (let t = 1; t <= 20; t++) sim.step(start + t * 1000);
frames = 0;
statusFrames = 0;
const t0 = performance.now();
for (let t = 21; t < 21 + ticks; t++) sim.step(start + t * 1000);
const ms = (performance.now() - t0) / ticks;
console.log(
  `${count} vehicles: ${ms.toFixed(2)} ms per step (${((ms / 1000) * 100).toFixed(1)}% of one core at 1 Hz), ${(frames / ticks).toFixed(0)} frames per step, of which ${(statusFrames / ticks).toFixed(0)} status`,
);
