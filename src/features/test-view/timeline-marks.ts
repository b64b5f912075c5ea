import type { TraceMark, TraceMarkKind } from '../../../streams/trace/trace-index';

export const MARK_KINDS: readonly TraceMarkKind[] = ['alarm', 'status', 'firmware', 'drop'];

/**
 * The trace's marks gathered into `columns` equal slices of its duration, per kind: a 1-hour trace
 * has thousands of status changes, the timeline room for a few hundred marks.
 */
export function timelineMarks(marks: readonly TraceMark[], duration: number, columns: number): Array<{ kind: TraceMarkKind; column: number; count: number }> {
  const counts = new Map<string, { kind: TraceMarkKind; column: number; count: number }>();
  for (const { t, kind } of marks) {
    const column = duration <= 0 ? 0 : Math.min(columns - 1, Math.floor((t / duration) * columns));
    const key = `${kind} ${column}`;
    const slot = counts.get(key);
    if (slot) slot.count += 1;
    else counts.set(key, { kind, column, count: 1 });
  }
  return [...counts.values()];
}
