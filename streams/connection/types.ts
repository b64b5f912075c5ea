import type { Observable } from 'rxjs';
import type { OutgoingFrame } from '../../contract/protocol/types';

export type ConnectionStateName = 'idle' | 'connecting' | 'open' | 'retrying' | 'expired' | 'closed';

/**
 * `attempt` counts reconnect attempts since the last successful open (absent for the first try);
 * while `retrying`, `retryAt` is when the next attempt starts (epoch ms), for a countdown.
 */
export interface ConnectionState {
  state: ConnectionStateName;
  attempt?: number;
  retryAt?: number;
  since: number;
}

export interface Connection {
  state$: Observable<ConnectionState>;
  /** Messages as received (text for JSON), before decoding. */
  messages$: Observable<unknown>;
  /** Emits the number of opens since `connect` each time the socket opens: 1, then 2, 3… after reconnects. */
  opened$: Observable<number>;
  /** Frames as sent, for the trace recorder. */
  sent$: Observable<OutgoingFrame>;
  /** `persistent`: reconnect forever (a wall display) instead of expiring after the attempts allowed. */
  connect(url: string, options?: { persistent?: boolean }): void;
  disconnect(): void;
  /** Sends when the socket is open; false (nothing sent) otherwise. */
  send(frame: OutgoingFrame): boolean;
}
