import { describe, expect, it } from 'vitest';
import type { Position } from 'geojson';
import { cellKey } from '../../src/features/home/map-cells.ts';
import { WATER_BANDS, decodeWaterLine, waterBandOfZoom } from '../../src/features/home/water-bands.ts';
import { clipLine, clipRing, prepareWater, simplify } from './prepare-water.ts';

/** A square lake ring of `size` degrees whose south-west corner is at (lng, lat). */
const square = (lng: number, lat: number, size: number): Position[] => [
  [lng, lat],
  [lng + size, lat],
  [lng + size, lat + size],
  [lng, lat + size],
  [lng, lat],
];

describe('prepareWater', () => {
  // Starnberger See's size, south of Munich; a pond beside it; the Isar across two cells of the close band.
  const lake = square(11.3, 47.9, 0.1);
  const pond = square(11.5, 47.9, 0.005);
  const isar = [
    [11.2, 47.5],
    [11.6, 48.1],
    [12.3, 48.6],
  ];
  const bands = prepareWater({ overviewLakes: [[square(9.2, 47.4, 0.5)]], detailedLakes: [[lake], [pond]], rivers: [isar] });
  const closeIn = WATER_BANDS[3]!;

  it('draws the overview lakes from afar and the detailed ones close in', () => {
    const world = bands[0]!.get('0_0')!;
    expect(world.lakes).toHaveLength(1);
    expect(decodeWaterLine(WATER_BANDS[0]!.scale, world.lakes[0]!)[0]).toEqual([47.4, 9.2]);
    // From zoom 8 the pond is too small to tell; from zoom 11 it is drawn.
    expect(bands[2]!.get(cellKey(WATER_BANDS[2]!, 11.3, 47.9))!.lakes).toHaveLength(1);
    expect(bands[3]!.get(cellKey(closeIn, 11.3, 47.9))!.lakes).toHaveLength(2);
  });

  it('ships whole-number deltas that decode to the points within the band precision', () => {
    const ring = bands[3]!.get(cellKey(closeIn, 11.3, 47.9))!.lakes[0]!;
    expect(ring.every(Number.isInteger)).toBe(true);
    expect(decodeWaterLine(closeIn.scale, ring)).toEqual(lake.map(([lng, lat]) => [lat, lng]));
  });

  it('cuts a river at cell borders into pieces that meet', () => {
    const piecesAt = (lng: number, lat: number) => bands[3]!.get(cellKey(closeIn, lng, lat))!.rivers.map((line) => decodeWaterLine(closeIn.scale, line));
    // South of 48°, then west of 12°, then the rest: three cells, one piece each.
    const [south, middle, north] = [piecesAt(11.2, 47.5), piecesAt(11.8, 48.2), piecesAt(12.3, 48.6)];
    expect([south.length, middle.length, north.length]).toEqual([1, 1, 1]);
    expect(south[0]!.at(-1)).toEqual(middle[0]![0]);
    expect(south[0]!.at(-1)![0]).toBe(48);
    expect(middle[0]!.at(-1)).toEqual(north[0]![0]);
    expect(north[0]![0]![1]).toBe(12);
  });

  it('draws each zoom from one band', () => {
    expect([2, 3, 5, 6, 7, 8, 10, 11, 18].map(waterBandOfZoom)).toEqual([0, 0, 0, 1, 1, 2, 2, 3, 3]);
  });
});

describe('geometry', () => {
  it('clips a ring to a box along its edges', () => {
    expect(clipRing(square(0, 0, 2), [1, 1, 3, 3])).toEqual(square(1, 1, 1).slice(0, 1).concat([[2, 1], [2, 2], [1, 2], [1, 1]]));
    expect(clipRing(square(5, 5, 1), [0, 0, 1, 1])).toEqual([]);
  });

  it('keeps the parts of a line inside a box', () => {
    const zigzag = [
      [-1, 0.5],
      [0.5, 0.5],
      [0.5, 2],
      [0.8, 2],
      [0.8, 0.2],
    ];
    expect(clipLine(zigzag, [0, 0, 1, 1])).toEqual([
      [[0, 0.5], [0.5, 0.5], [0.5, 1]],
      [[0.8, 1], [0.8, 0.2]],
    ]);
  });

  it('drops the points within the tolerance of the line', () => {
    expect(simplify([[0, 0], [1, 0.001], [2, 0], [3, 1]], 0.01)).toEqual([[0, 0], [2, 0], [3, 1]]);
  });
});
