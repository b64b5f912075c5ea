/** Global horizontal irradiance (W/m²) from the sun's elevation sine and cloud cover (0..1). */
export function irradiance(sunSine: number, cloud: number): number {
  if (sunSine <= 0.01) return 0;
  const clearSky = 1100 * sunSine * Math.exp(-0.06 / sunSine);
  return clearSky * (1 - 0.75 * cloud);
}

export interface PvPoint {
  /** Maximum power the array can deliver now (W). */
  watts: number;
  /** Operating voltage at that power (V); 0 in the dark. */
  volts: number;
  cellTempC: number;
}

/**
 * Maximum-power point of an array rated ratedW (W at 1000 W/m², 25 °C) whose string Vmp is vmp:
 * power scales with irradiance and derates with cell temperature; voltage sags logarithmically in
 * weak light.
 */
export function pvMaximumPower(ratedW: number, vmp: number, irradianceW: number, ambientC: number, out: PvPoint): PvPoint {
  const cellTempC = ambientC + 0.03 * irradianceW;
  out.cellTempC = cellTempC;
  if (irradianceW < 2 || ratedW <= 0) {
    out.watts = 0;
    out.volts = irradianceW > 0.5 ? vmp * 0.5 : 0;
    return out;
  }
  const tempFactor = 1 - 0.0037 * (cellTempC - 25);
  out.watts = ratedW * 0.86 * (irradianceW / 1000) * tempFactor;
  out.volts = vmp * (1 + 0.045 * Math.log(irradianceW / 1000)) * (1 - 0.0035 * (cellTempC - 25));
  return out;
}
