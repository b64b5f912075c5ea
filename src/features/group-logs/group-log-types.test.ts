import { describe, expect, it } from 'vitest';
import { describeOperation } from './group-log-types';

describe('describeOperation', () => {
  it('names firmware pushes, factory resets and settings', () => {
    expect(describeOperation({ operation: 'firmware', detail: { version: '2.4.0' } })).toBe('Firmware to version 2.4.0');
    expect(describeOperation({ operation: 'setting', detail: { setting: 'restore_fac', value: 1 } })).toBe('Restore factory defaults');
    expect(describeOperation({ operation: 'setting', detail: { setting: 'ac_mode', value: 'cool' } })).toBe('Setting ac_mode = cool');
  });
});
