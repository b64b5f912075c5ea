const DAY_MS = 86_400_000;
const J2000_DAYS = 10_957.5;
const YEAR_DAYS = 365.2422;
const DEG = Math.PI / 180;

/**
 * Sine of the sun's elevation at a place and UTC time (NOAA fractional-year approximations for
 * declination and the equation of time). Accurate to a fraction of a degree, plenty for solar yield.
 */
export function sunElevationSine(ms: number, sinLat: number, cosLat: number, lngDeg: number): number {
  const days = ms / DAY_MS;
  const yearFrac = (((days - J2000_DAYS) % YEAR_DAYS) + YEAR_DAYS) % YEAR_DAYS;
  const g = (2 * Math.PI * yearFrac) / YEAR_DAYS;
  const cosG = Math.cos(g);
  const sinG = Math.sin(g);
  const cos2G = cosG * cosG - sinG * sinG;
  const sin2G = 2 * sinG * cosG;
  const decl = 0.006918 - 0.399912 * cosG + 0.070257 * sinG - 0.006758 * cos2G + 0.000907 * sin2G;
  const eqTimeMin = 229.18 * (0.000075 + 0.001868 * cosG - 0.032077 * sinG - 0.014615 * cos2G - 0.040849 * sin2G);
  const utcMin = (days - Math.floor(days)) * 1440;
  const solarMin = utcMin + eqTimeMin + 4 * lngDeg;
  const hourAngle = (solarMin / 4 - 180) * DEG;
  return sinLat * Math.sin(decl) + cosLat * Math.cos(decl) * Math.cos(hourAngle);
}
