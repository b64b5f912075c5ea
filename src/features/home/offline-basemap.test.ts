import { describe, expect, it } from 'vitest';
import { unwrapRing } from './offline-basemap';

describe('unwrapRing', () => {
  it('keeps a ring that crosses the antimeridian continuous', () => {
    const ring = [
      [179, 65],
      [-179, 66],
      [-178, 64],
      [179, 65],
    ];
    unwrapRing(ring);
    expect(ring.map(([lng]) => lng)).toEqual([179, 181, 182, 179]);
  });
  it('leaves an ordinary ring alone', () => {
    const ring = [
      [4, 52],
      [5, 53],
      [6, 52],
      [4, 52],
    ];
    unwrapRing(ring);
    expect(ring).toEqual([
      [4, 52],
      [5, 53],
      [6, 52],
      [4, 52],
    ]);
  });
});
