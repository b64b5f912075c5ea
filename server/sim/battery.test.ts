import { expect, it } from 'vitest';
import { createFleetSimulator } from './fleet-simulator';
import type { SimVehicleSpec } from './types';

const spec = (id: string, nominalVoltage: 12 | 24 | 48): SimVehicleSpec => ({
  id,
  kind: 'rv',
  home: { lat: 48.1, lng: 11.6 },
  nominalVoltage,
  batteryAh: 200,
  solarW: 300,
  tanks: 1,
  tyres: 4,
  airConditioner: true,
  versions: {},
});

const CELLS = { 12: 4, 24: 8, 48: 16 } as const;

it('reports a pack voltage that is the sum of its cells, with cells a few to tens of mV apart', () => {
  const t0 = Date.UTC(2026, 5, 21, 6);
  const sim = createFleetSimulator({ seed: 3, hz: 1 });
  const specs = Array.from({ length: 30 }, (_, i) => spec(`v${i}`, ([12, 24, 48] as const)[i % 3]!));
  for (const s of specs) sim.add(s, t0);
  for (let t = t0; t <= t0 + 12 * 3_600_000; t += 600_000) {
    sim.step(t);
    for (const s of specs) {
      const bms = sim.latest({ vehicleId: s.id, deviceType: 'bms', deviceId: 0 })!.values;
      if (bms.state === 'initialization' || bms.voltage === null) continue;
      const cells = CELLS[s.nominalVoltage];
      const [v, min, max] = [bms.voltage as number, bms.cell_v_min as number, bms.cell_v_max as number];
      // Only the extremes are reported: the sum of the cells lies between cells×lowest and cells×highest.
      expect(v).toBeGreaterThanOrEqual(cells * min - 0.01);
      expect(v).toBeLessThanOrEqual(cells * max + 0.01);
      expect(bms.cell_delta).toBeGreaterThanOrEqual(2);
      expect(Math.abs((bms.cell_delta as number) - (max - min) * 1000)).toBeLessThanOrEqual(1.01);
      expect(bms.remaining).toBeCloseTo(((bms.soc as number) / 100) * 200, 0);
    }
  }
});

it('moves remaining capacity by the charge the reported current carried', () => {
  const t0 = Date.UTC(2026, 5, 21, 20);
  const sim = createFleetSimulator({ seed: 5, hz: 1 });
  sim.add(spec('v', 48), t0);
  const ref = { vehicleId: 'v', deviceType: 'bms' as const, deviceId: 0 };
  const first = sim.latest(ref)!.values;
  let ah = 0;
  for (let t = t0 + 10_000; t <= t0 + 2 * 3_600_000; t += 10_000) {
    sim.step(t);
    const current = sim.latest(ref)!.values.current as number;
    ah += ((current > 0 ? 0.99 : 1) * current * 10) / 3600;
  }
  const last = sim.latest(ref)!.values;
  expect(Math.abs(ah)).toBeGreaterThan(2);
  expect((last.remaining as number) - (first.remaining as number)).toBeCloseTo(ah, 0);
  expect((last.soc as number) - (first.soc as number)).toBeCloseTo((ah / 200) * 100, 0);
});
