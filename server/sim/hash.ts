// Stateless hashing, so that time-indexed events (a day's trips, an hour's faults, cloud knots)
// come out the same however the clock is stepped.

/** Mixes two integers into a well-spread unsigned 32-bit hash (murmur3 finaliser). */
export function hash32(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b | 0, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** hash32 mapped to [0, 1). */
export function hashUnit(a: number, b: number): number {
  return hash32(a, b) / 4294967296;
}

/** FNV-1a of a string, for turning vehicle ids into seeds. */
export function hashString(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
