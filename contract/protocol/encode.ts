// Serialises frames for the wire. Dependency-free so the server can reuse it for its side.
import type { IncomingFrame, OutgoingFrame, WireMessage } from './types';

/** One websocket text message: a single frame, or a batch when given an array. */
export function encode(message: WireMessage<OutgoingFrame> | WireMessage<IncomingFrame>): string {
  return JSON.stringify(message);
}
