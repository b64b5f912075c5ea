import { describe, expect, it } from 'vitest';
import { describeOperation, describeOutcome } from './group-log-types';

describe('describeOperation', () => {
  it('names firmware pushes, factory resets and settings', () => {
    expect(describeOperation({ operation: 'firmware', detail: { version: '2.4.0' } })).toBe('Firmware to version 2.4.0');
    expect(describeOperation({ operation: 'setting', detail: { setting: 'restore_fac', value: 1 } })).toBe('Restore factory defaults');
    expect(describeOperation({ operation: 'setting', detail: { setting: 'ac_mode', value: 'cool' } })).toBe('Setting ac_mode = cool');
    expect(describeOperation({ operation: 'transfer', detail: { fleetId: 'f2', to: 'Alpine RV Rentals / Zurich depot' } })).toBe(
      'Transfer to Alpine RV Rentals / Zurich depot',
    );
  });
  it('says how many vehicles succeeded, failed and are pending', () => {
    expect(describeOutcome({ success: 3, failure: 1, running: 2 })).toBe('3 succeeded, 1 failed, 2 pending');
  });
});
