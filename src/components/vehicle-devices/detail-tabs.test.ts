import { describe, expect, it } from 'vitest';
import type { DeviceInfo } from '../../../contract/api/types';
import type { DeviceType, KeyInfo } from '../../../contract/protocol/types';
import { chooseTab, defaultChartKeys, detailTabs, inScope, rememberedTab, rememberTab, systemExtras } from './detail-tabs';

const device = (deviceType: DeviceType, deviceId = 0): DeviceInfo => ({ deviceType, deviceId, model: 'm', version: '1.0.0', availableVersion: null });
const key = (k: string): KeyInfo => ({ key: k, label: k, kind: 'number' });
const devices = [device('watertank', 1), device('bms'), device('mppt', 1), device('system'), device('watertank', 0), device('mppt', 0), device('dtu')];

describe('detail tabs', () => {
  it('lists fitted devices in the spec order, numbering mppt and water tanks', () => {
    expect(detailTabs('v1', devices, systemExtras(undefined)).map((t) => t.label)).toEqual(['System', 'BMS', 'MPPT 0', 'MPPT 1', 'DTU', 'Water tank 0', 'Water tank 1']);
  });

  it('adds tyre pressure and air conditioner tabs only when the system reports those keys', () => {
    const tabs = detailTabs('v1', devices, systemExtras([key('speed'), key('tyre_fl_pressure'), key('ac_state')]));
    expect(tabs.slice(-2).map((t) => [t.value, t.device.deviceType, t.scope])).toEqual([
      ['tyres', 'system', 'tyres'],
      ['ac', 'system', 'ac'],
    ]);
    expect(detailTabs('v1', devices, systemExtras([key('speed')])).map((t) => t.value)).not.toContain('ac');
  });

  it('keeps the stored tab when the vehicle has it and falls back to the first one', () => {
    const tabs = detailTabs('v1', devices, systemExtras([key('ac_mode')]));
    expect(chooseTab(tabs, 'mppt:1')?.value).toBe('mppt:1');
    expect(chooseTab(tabs, 'ac')?.value).toBe('ac');
    expect(chooseTab(tabs, 'inv:0')?.value).toBe('system:0');
    expect(chooseTab(tabs, null)?.value).toBe('system:0');
    expect(chooseTab([], 'bms:0')).toBeUndefined();
  });

  it('remembers the open tab per vehicle: another vehicle opens on System, a visited one on its tab', () => {
    const one = rememberTab(null, 'v1', 'bms:0');
    expect(rememberedTab(one, 'v1')).toBe('bms:0');
    expect(rememberedTab(one, 'v2')).toBeNull();
    const two = rememberTab(rememberTab(one, 'v2', 'tyres'), 'v1', 'ac');
    expect([rememberedTab(two, 'v1'), rememberedTab(two, 'v2')]).toEqual(['ac', 'tyres']);
    expect(rememberedTab('bms:0', 'v1')).toBeNull();
    const many = Array.from({ length: 25 }, (_, i) => `v${i}`).reduce<string | null>((stored, id) => rememberTab(stored, id, 'bms:0'), null);
    expect([rememberedTab(many, 'v24'), rememberedTab(many, 'v0')]).toEqual(['bms:0', null]);
  });

  it('leaves tyre and air-conditioner keys off the system tab', () => {
    expect(inScope('device', 'system', 'tyre_fl_temp')).toBe(false);
    expect(inScope('device', 'system', 'ac_power')).toBe(false);
    expect(inScope('device', 'system', 'speed')).toBe(true);
    expect(inScope('device', 'inv', 'ac_output')).toBe(true);
    expect(inScope('tyres', 'system', 'tyre_fl_temp')).toBe(true);
    expect(inScope('ac', 'system', 'ac_power')).toBe(true);
  });

  it('charts soc and voltage on the bms and every tyre pressure on the tyre tab', () => {
    const tabs = detailTabs('v1', devices, systemExtras([key('tyre_fl_pressure'), key('tyre_fl_temp'), key('tyre_fr_pressure')]));
    expect(defaultChartKeys(tabs[1]!, [])).toEqual(['soc', 'voltage']);
    const tyres = tabs.find((t) => t.scope === 'tyres')!;
    expect(defaultChartKeys(tyres, [key('tyre_fl_pressure'), key('tyre_fl_temp'), key('tyre_fr_pressure')])).toEqual(['tyre_fl_pressure', 'tyre_fr_pressure']);
  });
});
