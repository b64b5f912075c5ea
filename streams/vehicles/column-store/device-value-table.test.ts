import { describe, expect, it } from 'vitest';
import { DeviceValueTable } from './device-value-table';

describe('DeviceValueTable', () => {
  it('gives back numbers, nulls and texts as they were written, with the device time', () => {
    const table = new DeviceValueTable(4);
    expect(table.has(2)).toBe(false);
    expect(table.values(2)).toEqual({});
    expect(table.ts(2)).toBe(0);

    table.write(2, { voltage: 13.27, current: -4, soc: null, ac_output: 'on', odometer: 123456789.5 }, 1_750_000_000_123);
    expect(table.has(2)).toBe(true);
    expect(table.ts(2)).toBe(1_750_000_000_123);
    const values = table.values(2);
    expect(values).toEqual({ voltage: 13.27, current: -4, soc: null, ac_output: 'on', odometer: 123456789.5 });
    expect(Object.keys(values)).toEqual(['voltage', 'current', 'soc', 'ac_output', 'odometer']);
  });

  it('keeps a values object until its slot is written again', () => {
    const table = new DeviceValueTable(2);
    table.write(0, { level: 40 }, 1);
    table.write(1, { level: 70 }, 1);
    const first = table.values(0);
    expect(table.values(0)).toBe(first);

    table.write(1, { level: 69 }, 2);
    expect(table.values(0)).toBe(first);
    table.write(0, { level: 40 }, 2);
    expect(table.values(0)).not.toBe(first);
    expect(table.values(0)).toEqual({ level: 40 });
  });

  it('replaces the whole set when a device changes its keys, their order or a value kind', () => {
    const table = new DeviceValueTable(1);
    table.write(0, { a: 1, b: 2 }, 1);
    table.write(0, { b: 3, a: 4 }, 2);
    expect(Object.entries(table.values(0))).toEqual([
      ['b', 3],
      ['a', 4],
    ]);
    table.write(0, { a: 5 }, 3);
    expect(table.values(0)).toEqual({ a: 5 });
    table.write(0, { a: 'fault', c: null }, 4);
    expect(table.values(0)).toEqual({ a: 'fault', c: null });
    table.write(0, { a: 6, c: 7 }, 5);
    expect(table.values(0)).toEqual({ a: 6, c: 7 });
  });

  it('keeps texts apart from numbers past the 32nd key', () => {
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
    const table = new DeviceValueTable(1);
    const values = Object.fromEntries(keys.map((key, i) => [key, i % 3 === 0 ? `t${i}` : i]));
    table.write(0, values, 1);
    expect(table.values(0)).toEqual(values);
    const swapped = Object.fromEntries(keys.map((key, i) => [key, i % 3 === 0 ? i : `t${i}`]));
    table.write(0, swapped, 2);
    expect(table.values(0)).toEqual(swapped);
  });

  it('holds a key named __proto__ as a value, not as the prototype', () => {
    const table = new DeviceValueTable(1);
    table.write(0, JSON.parse('{"__proto__": 5, "x": 1}') as Record<string, number>, 1);
    const values = table.values(0);
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(values, '__proto__')?.value).toBe(5);
    expect(values.x).toBe(1);
  });

  it('stays bounded when key sets and texts keep changing, and loses no current value', () => {
    const table = new DeviceValueTable(3);
    table.write(0, { steady: 1, mode: 'eco' }, 1);
    for (let i = 0; i < 20_000; i += 1) {
      table.write(1, { [`key${i}`]: i }, i);
      table.write(2, { note: `message ${i}` }, i);
    }
    const { cells, layouts, texts } = table.footprint();
    expect(layouts).toBeLessThanOrEqual(4096);
    expect(texts).toBeLessThanOrEqual(4096);
    expect(cells).toBeLessThan(30_000);
    expect(table.values(0)).toEqual({ steady: 1, mode: 'eco' });
    expect(table.values(1)).toEqual({ key19999: 19999 });
    expect(table.values(2)).toEqual({ note: 'message 19999' });
    expect(table.ts(2)).toBe(19999);
  });

  it('copies a slot from another generation with its values object', () => {
    const before = new DeviceValueTable(2);
    before.write(1, { state: 'bulk', watts: 350 }, 9);
    const built = before.values(1);
    const after = new DeviceValueTable(5);
    after.copyFrom(before, 1, 4);
    after.copyFrom(before, 0, 3);
    expect(after.has(3)).toBe(false);
    expect(after.values(4)).toBe(built);
    expect(after.ts(4)).toBe(9);
    after.write(4, { state: 'float', watts: 20 }, 10);
    expect(after.values(4)).toEqual({ state: 'float', watts: 20 });
    expect(before.values(1)).toEqual({ state: 'bulk', watts: 350 });
  });
});
