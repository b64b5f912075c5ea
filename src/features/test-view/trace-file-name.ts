/** A trace file named by when recording started, safe on every file system. */
export function traceFileName(startedAt: Date): string {
  return `fleet-console-${startedAt
    .toISOString()
    .replaceAll(':', '-')
    .replace(/\.\d+Z$/, 'Z')}.jsonl`;
}
