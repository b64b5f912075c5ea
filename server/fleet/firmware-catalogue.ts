import type { DeviceType } from '../../contract/protocol/types';

/** Device models fitted per type, and the newest firmware the server offers for each. */
export const FIRMWARE_CATALOGUE: Record<DeviceType, { model: string; latest: string; shipped: string[] }> = {
  system: { model: 'FC-SYS 200', latest: '3.2.0', shipped: ['3.1.4', '3.2.0'] },
  bms: { model: 'LFP-BMS 16S', latest: '2.4.1', shipped: ['2.3.0', '2.4.0', '2.4.1'] },
  dcdc: { model: 'DCDC 50A', latest: '1.8.2', shipped: ['1.7.9', '1.8.2'] },
  mppt: { model: 'MPPT 100/50', latest: '1.5.0', shipped: ['1.4.3', '1.5.0'] },
  inv: { model: 'INV 3000VA', latest: '4.0.3', shipped: ['3.9.8', '4.0.3'] },
  dtu: { model: 'DTU 4G', latest: '2.1.0', shipped: ['2.0.7', '2.1.0'] },
  watertank: { model: 'TANK-S', latest: '1.1.0', shipped: ['1.0.2', '1.1.0'] },
};

const parts = (v: string): number[] => v.split('.').map((n) => Number.parseInt(n, 10) || 0);

/** The version offered for a device running `version`, or null when it is up to date. */
export const availableVersion = (deviceType: DeviceType, version: string): string | null => {
  const latest = FIRMWARE_CATALOGUE[deviceType].latest;
  const a = parts(latest);
  const b = parts(version);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d > 0 ? latest : null;
  }
  return null;
};
