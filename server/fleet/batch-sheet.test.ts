import { describe, expect, it } from 'vitest';
import { numberSheet } from '../test-support/crafted-sheets';
import { liveSheetReaders, readVehicleSheet, SheetRefusal } from './batch-sheet';
import { TurnLine } from './turn-line';

describe('reading a batch sheet within its budget', () => {
  const reading = new AbortController().signal;

  it('gives up a read that takes longer than its time, and ends the reader', async () => {
    const wide = await numberSheet(2000, 100);
    const failure = await readVehicleSheet(wide, reading, { timeMs: 100, heapMb: 128 }).catch((err: unknown) => err);
    expect(failure).toEqual(new SheetRefusal('the spreadsheet takes more than 0.1 s to read'));
    await expect.poll(liveSheetReaders, { timeout: 2000 }).toBe(0);
  }, 30_000);

  it('gives up a read that needs more heap than its share, and ends the reader', async () => {
    const wide = await numberSheet(2000, 100);
    const failure = await readVehicleSheet(wide, reading, { timeMs: 60_000, heapMb: 24 }).catch((err: unknown) => err);
    expect(failure).toEqual(new SheetRefusal('the spreadsheet needs more than 24 MB to read'));
    await expect.poll(liveSheetReaders, { timeout: 2000 }).toBe(0);
  }, 60_000);
});

describe('turns', () => {
  it('gives at most two turns at once, lines up two more and turns away the next', async () => {
    const line = new TurnLine(2, 2);
    const first = await line.enter();
    const second = await line.enter();
    const order: string[] = [];
    const third = line.enter().then((giveBack) => (order.push('third'), giveBack));
    const fourth = line.enter().then((giveBack) => (order.push('fourth'), giveBack));
    expect(await line.enter()).toBe(null);
    first?.();
    first?.();
    await third;
    expect(order).toEqual(['third']);
    second?.();
    await fourth;
    expect(order).toEqual(['third', 'fourth']);
  });

  it('lets a caller who leaves the line go without taking a turn', async () => {
    const line = new TurnLine(1, 1);
    const held = await line.enter();
    const leaving = new AbortController();
    const waiting = line.enter(leaving.signal);
    leaving.abort(new Error('client went away'));
    await expect(waiting).rejects.toThrow('client went away');
    held?.();
    expect(await line.enter()).toBeTypeOf('function');
  });
});
