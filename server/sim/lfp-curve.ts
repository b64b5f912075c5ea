// Open-circuit voltage of one LiFePO4 cell against state of charge: steep knee below 10 %,
// the long flat plateau around 3.3 V, and the rise above 95 %.
const SOC = [0, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 98, 100];
const OCV = [2.9, 3.1, 3.2, 3.25, 3.265, 3.28, 3.29, 3.3, 3.31, 3.32, 3.335, 3.36, 3.4, 3.46];

/** Cell open-circuit voltage (V) at soc (%), clamped to 0..100. */
export function lfpCellVoltage(soc: number): number {
  if (soc <= 0) return OCV[0]!;
  if (soc >= 100) return OCV[OCV.length - 1]!;
  let i = 1;
  while (SOC[i]! < soc) i++;
  const s0 = SOC[i - 1]!;
  const v0 = OCV[i - 1]!;
  return v0 + ((OCV[i]! - v0) * (soc - s0)) / (SOC[i]! - s0);
}
