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
