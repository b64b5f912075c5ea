import { merge, map, type Observable } from 'rxjs';
import type { RestExchange } from '../../contract/api/types';
import type { OutgoingFrame } from '../../contract/protocol/types';
import type { TraceHeader, TraceLine, TraceRecorder } from './types';

export interface TraceTaps {
  in$: Observable<unknown>;
  out$: Observable<OutgoingFrame>;
  rest$: Observable<RestExchange>;
  now: () => number;
}

function parsed(message: unknown): unknown {
  if (typeof message !== 'string') return message;
  try {
    return JSON.parse(message);
  } catch {
    return message;
  }
}

/** Records what the console sees from now on: socket messages both ways and JSON REST responses. */
export function startTraceRecording({ in$, out$, rest$, now }: TraceTaps): TraceRecorder {
  const started = now();
  const header: TraceHeader = { trace: 'fleet-console', version: 1, startedAt: new Date(started).toISOString() };
  const lines: string[] = [JSON.stringify(header)];
  const line$ = merge(
    in$.pipe(map((msg): TraceLine => ({ t: now() - started, dir: 'in', msg: parsed(msg) }))),
    out$.pipe(map((msg): TraceLine => ({ t: now() - started, dir: 'out', msg }))),
    rest$.pipe(map(({ method, path, body }): TraceLine => ({ t: now() - started, dir: 'rest', method, path, body }))),
  );
  const subscription = line$.subscribe((line) => lines.push(JSON.stringify(line)));
  return {
    startedAt: started,
    stop: () => {
      subscription.unsubscribe();
      return `${lines.join('\n')}\n`;
    },
  };
}
