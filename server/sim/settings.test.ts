import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applySetting } from './settings';
import type { SimVehicleSpec } from './types';
import { createVehicleState } from './vehicle-state';

const spec: SimVehicleSpec = {
  id: 'set-1',
  kind: 'van',
  home: { lat: 51.5, lng: -0.1 },
  nominalVoltage: 12,
  batteryAh: 200,
  solarW: 200,
  tanks: 1,
  tyres: 4,
  airConditioner: true,
  versions: {},
};

describe('applySetting', () => {
  it('accepts an AC set point exactly when it lies within 16..30 °C', () => {
    fc.assert(
      fc.property(fc.double({ min: -50, max: 80, noNaN: true }), (c) => {
        const v = createVehicleState(spec, 1, 0);
        const result = applySetting(v, v.core.system, 'ac_setpoint', c, 0);
        expect(result.ok).toBe(c >= 16 && c <= 30);
        if (result.ok) expect(Math.abs(v.settings.system.acSetpoint - c)).toBeLessThanOrEqual(0.25);
        else expect(v.settings.system.acSetpoint).toBe(22);
      }),
    );
  });

  it('accepts a charge limit exactly when it is a whole percentage from 50 to 100', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer({ min: 0, max: 150 }), fc.double({ min: 0, max: 150, noNaN: true })), (pct) => {
        const v = createVehicleState(spec, 1, 0);
        const result = applySetting(v, v.core.bms, 'charge_limit', String(pct), 0);
        expect(result.ok).toBe(Number.isInteger(pct) && pct >= 50 && pct <= 100);
      }),
    );
  });

  it('resets only the device it is sent to', () => {
    const v = createVehicleState(spec, 1, 0);
    applySetting(v, v.core.inv, 'ac_output', 0, 0);
    applySetting(v, v.core.bms, 'charge_limit', 70, 0);
    expect(applySetting(v, v.core.inv, 'restore_fac', '1', 1000)).toEqual({ ok: true });
    expect(v.settings.inv.acOutput).toBe(1);
    expect(v.settings.bms.chargeLimit).toBe(70);
    expect(v.core.inv.initUntil).toBeGreaterThan(1000);
  });
});
