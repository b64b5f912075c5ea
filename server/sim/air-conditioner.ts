import type { DeviceState } from '../../contract/protocol/types';

export const AC_MODES = ['off', 'cool', 'heat', 'auto', 'fan'] as const;
export type AcMode = (typeof AC_MODES)[number];
export type AcActivity = 'off' | 'idle' | 'cooling' | 'heating' | 'fan';

export interface AirConditionerState {
  cabinC: number;
  powerW: number;
  activity: AcActivity;
}

const COOL_COP = 2.6;
const HEAT_COP = 3;
const FAN_W = 60;
const CABIN_TAU_S = 1200;

/**
 * One cabin step. Without the unit the cabin drifts towards outdoor air plus solar gain; a running
 * unit removes (or adds) COP·P of heat, its compressor modulated to hold the set point, capped at
 * maxW. `powered` is false when the inverter cannot feed it; `wanted` when someone is aboard.
 */
export function updateAirConditioner(
  ac: AirConditionerState,
  mode: AcMode,
  setpointC: number,
  ambientC: number,
  solarGainC: number,
  cabinUa: number,
  maxW: number,
  powered: boolean,
  wanted: boolean,
  dtS: number,
): void {
  const freeC = ambientC + solarGainC;
  let heatW = 0;
  ac.powerW = 0;
  if (mode === 'off' || !powered) ac.activity = 'off';
  else if (!wanted) ac.activity = 'idle';
  else if (mode === 'fan') {
    ac.activity = 'fan';
    ac.powerW = FAN_W;
  } else {
    // Heat the cabin must shed (positive) or gain (negative) to sit at the set point, plus a
    // proportional term that pulls a cabin already off the set point back towards it (gain below 1
    // keeps the relaxation stable even for long integration steps).
    const needW = cabinUa * (freeC - setpointC) + 0.5 * cabinUa * (ac.cabinC - setpointC);
    if (needW > 0 && mode !== 'heat') {
      ac.powerW = Math.min(maxW, needW / COOL_COP);
      heatW = -ac.powerW * COOL_COP;
    } else if (needW < 0 && mode !== 'cool') {
      ac.powerW = Math.min(maxW, -needW / HEAT_COP);
      heatW = ac.powerW * HEAT_COP;
    }
    ac.activity = ac.powerW < 30 ? 'idle' : heatW > 0 ? 'heating' : 'cooling';
    if (ac.activity === 'idle') ac.powerW = FAN_W / 2;
  }
  const targetC = freeC + heatW / cabinUa;
  ac.cabinC += (targetC - ac.cabinC) * (1 - Math.exp(-dtS / CABIN_TAU_S));
}

/** The spec's device state shown for the unit: running is "electric supply", waiting is "await". */
export function airConditionerState(activity: AcActivity): DeviceState {
  switch (activity) {
    case 'off':
      return 'standby';
    case 'idle':
      return 'await';
    case 'heating':
      return 'heating';
    default:
      return 'electric supply';
  }
}
