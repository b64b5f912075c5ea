// A history sample's numeric values as little-endian float32 in the order of its key set, so a
// sample costs a few bytes per key instead of a JSON object. Both backends store it this way.

/** A missing key is stored as NaN. */
export const pack = (keys: string[], values: Record<string, number>): Buffer => {
  const buf = Buffer.allocUnsafe(keys.length * 4);
  keys.forEach((k, i) => buf.writeFloatLE(values[k] ?? Number.NaN, i * 4));
  return buf;
};

export const unpack = (keys: string[], blob: Buffer): Record<string, number> => {
  const out: Record<string, number> = {};
  keys.forEach((k, i) => {
    if (i * 4 + 4 > blob.length) return;
    const v = blob.readFloatLE(i * 4);
    if (!Number.isNaN(v)) out[k] = v;
  });
  return out;
};

/** The positions of a key set's keys that `wanted` keeps, once per key set and filter. */
const picks = new WeakMap<(key: string) => boolean, Map<string[], number[]>>();
const picked = (keys: string[], wanted: (key: string) => boolean): number[] => {
  let byKeys = picks.get(wanted);
  if (!byKeys) picks.set(wanted, (byKeys = new Map<string[], number[]>()));
  let at = byKeys.get(keys);
  if (!at) byKeys.set(keys, (at = keys.flatMap((k, i) => (wanted(k) ? [i] : []))));
  return at;
};

/** Like `unpack`, keeping only the keys `wanted` accepts (a reader that needs a few keys of many). */
export const unpackSome = (keys: string[], blob: Buffer, wanted: (key: string) => boolean): Record<string, number> => {
  const out: Record<string, number> = {};
  for (const i of picked(keys, wanted)) {
    if (i * 4 + 4 > blob.length) break;
    const v = blob.readFloatLE(i * 4);
    if (!Number.isNaN(v)) out[keys[i]!] = v;
  }
  return out;
};
