import type { SimFrame } from '../sim/types';

const WIRE = Symbol('wire');

/**
 * The JSON text a frame arrived in (from the cluster bus), so that fanning it out to the consoles
 * does not encode it again. Kept on the frame object itself, not enumerable: a frame changed on its
 * way (a new status) is a spread copy, which does not carry it and is encoded afresh. A property
 * costs a tenth of a WeakMap entry, which at 100,000 frames a second was a tenth of a core.
 */
export const rememberWire = (frame: SimFrame, json: string): void => {
  Object.defineProperty(frame, WIRE, { value: json });
};

export const wireOf = (frame: SimFrame): string => (frame as SimFrame & { [WIRE]?: string })[WIRE] ?? JSON.stringify(frame);
