import type { SimFrame } from '../sim/types';

/**
 * The JSON text a frame arrived in (from the cluster bus), so that fanning it out to the consoles
 * does not encode it again. Keyed by the frame object itself: a frame changed on its way (a new
 * status) is a new object and is encoded afresh.
 */
const wires = new WeakMap<SimFrame, string>();

export const rememberWire = (frame: SimFrame, json: string): void => {
  wires.set(frame, json);
};

export const wireOf = (frame: SimFrame): string => wires.get(frame) ?? JSON.stringify(frame);
