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
  // Starnberger See's size south of Munich, a pond beside it, and a river across three cells of the close band.
  const lake = square(11.3, 47.9, 0.1);
  const pond = square(11.5, 47.9, 0.005);
  const river = [
    [9.5, 44.8],
    [10.5, 45.6],
  ];
  const bands = prepareWater({ overviewLakes: [[square(9.2, 47.4, 0.5)]], detailedLakes: [[lake], [pond]], rivers: [river] });
  const closeIn = WATER_BANDS[2]!;

  it('draws the overview lakes from afar and the detailed ones close in, without the ones too small to tell', () => {
    const world = bands[0]!.get('0_0')!;
    expect(world.lakes).toHaveLength(1);
    expect(decodeWaterLine(WATER_BANDS[0]!.scale, world.lakes[0]!)[0]).toEqual([47.4, 9.2]);
    expect(bands[2]!.get(cellKey(closeIn, 11.3, 47.9))!.lakes).toHaveLength(1);
  });

  it('ships whole-number deltas that decode to the points within the band precision', () => {
    const ring = bands[2]!.get(cellKey(closeIn, 11.3, 47.9))!.lakes[0]!;
    expect(ring.every(Number.isInteger)).toBe(true);
    expect(decodeWaterLine(closeIn.scale, ring)).toEqual(lake.map(([lng, lat]) => [lat, lng]));
  });

  it('cuts a river at cell borders into pieces that meet', () => {
    const piecesAt = (lng: number, lat: number) => bands[2]!.get(cellKey(closeIn, lng, lat))!.rivers.map((line) => decodeWaterLine(closeIn.scale, line));
    // South of 45°, then west of 10°, then the rest: three cells, one piece each.
    const [south, middle, north] = [piecesAt(9.5, 44.8), piecesAt(9.9, 45.1), piecesAt(10.5, 45.6)];
    expect([south.length, middle.length, north.length]).toEqual([1, 1, 1]);
    expect(south[0]!.at(-1)).toEqual([45, 9.75]);
    expect(middle[0]).toEqual([
      [45, 9.75],
      [45.2, 10],
    ]);
    expect(north[0]![0]).toEqual([45.2, 10]);
  });

  it('draws each zoom from one band', () => {
    expect([2, 3, 5, 6, 7, 8, 10, 11, 18].map(waterBandOfZoom)).toEqual([0, 0, 0, 1, 1, 2, 2, 2, 2]);
  });
});

describe('geometry', () => {
  it('clips a ring to a box along its edges', () => {
    expect(clipRing(square(0, 0, 2), [1, 1, 3, 3])).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 2],
      [1, 1],
    ]);
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
      [
        [0, 0.5],
        [0.5, 0.5],
        [0.5, 1],
      ],
      [
        [0.8, 1],
        [0.8, 0.2],
      ],
    ]);
  });

  it('drops the points within the tolerance of the line', () => {
    expect(
      simplify(
        [
          [0, 0],
          [1, 0.001],
          [2, 0],
          [3, 1],
        ],
        0.01,
      ),
    ).toEqual([
      [0, 0],
      [2, 0],
      [3, 1],
    ]);
  });
});
