import type { DeviceType, KeyInfo } from '../../contract/protocol/types';
import type { TyreState } from './tyres';

const n = (key: string, label: string, unit?: string): KeyInfo => (unit ? { key, label, unit, kind: 'number' } : { key, label, kind: 'number' });
const t = (key: string, label: string): KeyInfo => ({ key, label, kind: 'text' });
const s = (key: string, label: string): KeyInfo => ({ key, label, kind: 'state' });

const BMS: KeyInfo[] = [
  s('state', 'Battery state'),
  n('soc', 'State of charge', '%'),
  n('voltage', 'Battery voltage', 'V'),
  n('current', 'Battery current', 'A'),
  n('power', 'Battery power', 'W'),
  n('remaining', 'Remaining capacity', 'Ah'),
  n('capacity', 'Rated capacity', 'Ah'),
  n('time_to_go', 'Time to go', 'h'),
  n('temp', 'Battery temperature', '°C'),
  n('cell_v_min', 'Lowest cell voltage', 'V'),
  n('cell_v_max', 'Highest cell voltage', 'V'),
  n('cell_delta', 'Cell voltage difference', 'mV'),
  n('cycles', 'Charge cycles'),
  n('charge_limit', 'Charge limit', '%'),
];

const DCDC: KeyInfo[] = [
  s('state', 'DC-DC charger state'),
  n('input_voltage', 'Alternator voltage', 'V'),
  n('output_voltage', 'Output voltage', 'V'),
  n('output_current', 'Charge current', 'A'),
  n('power', 'Charge power', 'W'),
  n('temp', 'Charger temperature', '°C'),
];

const MPPT: KeyInfo[] = [
  s('state', 'Solar charger state'),
  n('pv_voltage', 'PV voltage', 'V'),
  n('pv_current', 'PV current', 'A'),
  n('pv_power', 'PV power', 'W'),
  n('charge_current', 'Charge current', 'A'),
  n('battery_voltage', 'Battery voltage', 'V'),
  n('yield_today', 'Yield today', 'kWh'),
  n('temp', 'Charger temperature', '°C'),
];

const INV: KeyInfo[] = [
  s('state', 'Inverter state'),
  t('ac_output', 'AC output'),
  t('ac_input', 'Shore power'),
  n('ac_voltage', 'AC output voltage', 'V'),
  n('ac_frequency', 'AC frequency', 'Hz'),
  n('ac_load', 'AC load', 'W'),
  n('ac_input_power', 'Shore power drawn', 'W'),
  n('dc_current', 'Battery-side current', 'A'),
  n('temp', 'Inverter temperature', '°C'),
];

const DTU: KeyInfo[] = [s('state', 'Gateway state'), n('signal', 'Signal strength', '%'), t('network', 'Network'), n('uptime', 'Uptime', 'h')];

const WATERTANK: KeyInfo[] = [s('state', 'Tank state'), t('fluid', 'Contents'), n('level', 'Level', '%'), n('volume', 'Volume', 'L'), n('capacity', 'Capacity', 'L')];

const SYSTEM_BASE: KeyInfo[] = [
  s('state', 'System state'),
  t('driving', 'Driving'),
  n('speed', 'Speed', 'km/h'),
  n('odometer', 'Odometer', 'km'),
  n('lat', 'Latitude', '°'),
  n('lng', 'Longitude', '°'),
  n('heading', 'Heading', '°'),
  n('ambient_temp', 'Outdoor temperature', '°C'),
  t('dc_loads', 'DC loads'),
  n('dc_load_power', 'DC load power', 'W'),
];

const AIR_CONDITIONER: KeyInfo[] = [
  s('ac_state', 'Air conditioner state'),
  t('ac_activity', 'Air conditioner activity'),
  t('ac_mode', 'Air conditioner mode'),
  n('ac_setpoint', 'Air conditioner set point', '°C'),
  n('ac_cabin_temp', 'Cabin temperature', '°C'),
  n('ac_power', 'Air conditioner power', 'W'),
];

/** The real-time keys one device of a vehicle reports (cmd 144, and the keys of its cmd 1 values). */
export function deviceKeys(deviceType: DeviceType, tyres: TyreState[], airConditioner: boolean): KeyInfo[] {
  switch (deviceType) {
    case 'system': {
      const keys = [...SYSTEM_BASE];
      for (const tyre of tyres) {
        keys.push(n(`tyre_${tyre.position}_pressure`, `${tyre.label} tyre pressure`, 'kPa'));
        keys.push(n(`tyre_${tyre.position}_temp`, `${tyre.label} tyre temperature`, '°C'));
      }
      if (airConditioner) keys.push(...AIR_CONDITIONER);
      return keys;
    }
    case 'bms':
      return BMS;
    case 'dcdc':
      return DCDC;
    case 'mppt':
      return MPPT;
    case 'inv':
      return INV;
    case 'dtu':
      return DTU;
    case 'watertank':
      return WATERTANK;
  }
}
