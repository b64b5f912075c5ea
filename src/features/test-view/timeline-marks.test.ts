import { describe, expect, it } from 'vitest';
import { commandLabel, formatTraceTime } from './trace-time';
import { timelineMarks } from './timeline-marks';

describe('timeline marks', () => {
  it('gathers marks into columns per kind, the last instant in the last column', () => {
    const marks = [
      { t: 0, kind: 'status' as const },
      { t: 90, kind: 'status' as const },
      { t: 95, kind: 'alarm' as const },
      { t: 1000, kind: 'status' as const },
    ];
    expect(timelineMarks(marks, 1000, 10)).toEqual([
      { kind: 'status', column: 0, count: 2 },
      { kind: 'alarm', column: 0, count: 1 },
      { kind: 'status', column: 9, count: 1 },
    ]);
  });

  it('shows trace times and commands as a tester reads them', () => {
    expect(formatTraceTime(65_349)).toBe('1:05.3');
    expect(formatTraceTime(0)).toBe('0:00.0');
    expect(commandLabel(19)).toBe('19 vehicleStatus');
    expect(commandLabel(77)).toBe('77');
  });
});
