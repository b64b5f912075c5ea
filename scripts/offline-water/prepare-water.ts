// Cuts lakes and rivers into the small per-cell files the home map loads as it zooms
// (src/features/home/water-bands.ts): each band simplified to what its zooms can show, clipped to
// its cells and written as whole-number deltas.
import type { Position } from 'geojson';
import { cellBounds, cellsInView, type View } from '../../src/features/home/map-cells.ts';
import { WATER_BANDS, type ShippedWater } from '../../src/features/home/water-bands.ts';

/** A lake as rings: its shore and its islands' shores. */
export type LakeRings = Position[][];

export interface WaterSources {
  /** Lakes drawn from afar: few, large, generalised. */
  overviewLakes: readonly LakeRings[];
  /** Lakes drawn close in: many, detailed. */
  detailedLakes: readonly LakeRings[];
  rivers: readonly Position[][];
}

interface BandCut {
  lakes: 'overviewLakes' | 'detailedLakes';
  /** Points nearer than this (degrees) to the simplified line are dropped: about a pixel at the band's highest zoom. */
  tolerance: number;
  /** Rings smaller than this (square degrees) are left out: a lake of a few pixels tells nothing. */
  minArea: number;
}

/** Per band of WATER_BANDS. */
const BAND_CUTS: readonly BandCut[] = [
  { lakes: 'overviewLakes', tolerance: 0.05, minArea: 0.05 },
  { lakes: 'overviewLakes', tolerance: 0.01, minArea: 0.002 },
  { lakes: 'detailedLakes', tolerance: 0.0015, minArea: 0.0001 },
];

/** Per band, the water of each cell that holds some. */
export type WaterCells = Array<Map<string, ShippedWater>>;

export function prepareWater(sources: WaterSources): WaterCells {
  return WATER_BANDS.map((band, index) => {
    const cut = BAND_CUTS[index]!;
    const cells = new Map<string, ShippedWater>();
    const cellOf = (key: string): ShippedWater => {
      let cell = cells.get(key);
      if (!cell) cells.set(key, (cell = { lakes: [], rivers: [] }));
      return cell;
    };
    for (const lake of sources[cut.lakes]) {
      for (const ring of lake) {
        if (Math.abs(ringArea(ring)) < cut.minArea) continue;
        const simplified = simplify(ring, cut.tolerance);
        if (simplified.length < 4) continue;
        for (const key of cellsOfLine(band, simplified)) {
          const encoded = encode(clipRing(simplified, cellBounds(band, key)), band.scale, 3);
          if (encoded) cellOf(key).lakes.push(encoded);
        }
      }
    }
    for (const river of sources.rivers) {
      const simplified = simplify(river, cut.tolerance);
      for (const key of cellsOfLine(band, simplified)) {
        for (const piece of clipLine(simplified, cellBounds(band, key))) {
          const encoded = encode(piece, band.scale, 2);
          if (encoded) cellOf(key).rivers.push(encoded);
        }
      }
    }
    return cells;
  });
}

/** The cells a line's bounding box touches. */
function cellsOfLine(band: (typeof WATER_BANDS)[number], line: readonly Position[]): string[] {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lng, lat] of line) {
    west = Math.min(west, lng!);
    east = Math.max(east, lng!);
    south = Math.min(south, lat!);
    north = Math.max(north, lat!);
  }
  return cellsInView(band, [west, south, east, north]);
}

/** Whole-number deltas at the band's scale; null when fewer than `least` distinct points remain. */
function encode(line: readonly Position[], scale: number, least: number): number[] | null {
  const encoded: number[] = [];
  let [px, py] = [0, 0];
  let count = 0;
  for (const [lng, lat] of line) {
    const [x, y] = [Math.round(lng! * scale), Math.round(lat! * scale)];
    if (count > 0 && x === px && y === py) continue;
    encoded.push(x - px, y - py);
    [px, py] = [x, y];
    count += 1;
  }
  return count >= least ? encoded : null;
}

/** Signed area in square degrees (planar: enough to tell a pond from a lake). */
export function ringArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i += 1) sum += ring[i - 1]![0]! * ring[i]![1]! - ring[i]![0]! * ring[i - 1]![1]!;
  return sum / 2;
}

/** Douglas-Peucker: the points that stay within `tolerance` degrees of the line, ends kept. */
export function simplify(line: readonly Position[], tolerance: number): Position[] {
  if (line.length < 3) return [...line];
  const keep = new Uint8Array(line.length);
  keep[0] = 1;
  keep[line.length - 1] = 1;
  const spans: Array<[number, number]> = [[0, line.length - 1]];
  while (spans.length > 0) {
    const [first, last] = spans.pop()!;
    let farthest = -1;
    let distance = tolerance;
    for (let i = first + 1; i < last; i += 1) {
      const d = segmentDistance(line[i]!, line[first]!, line[last]!);
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    spans.push([first, farthest], [farthest, last]);
  }
  return line.filter((_, i) => keep[i]);
}

function segmentDistance([px, py]: Position, [ax, ay]: Position, [bx, by]: Position): number {
  const [dx, dy] = [bx! - ax!, by! - ay!];
  const length = dx * dx + dy * dy;
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px! - ax!) * dx + (py! - ay!) * dy) / length));
  return Math.hypot(px! - (ax! + t * dx), py! - (ay! + t * dy));
}

/** Sutherland-Hodgman: the ring cut to the box, closed; along the box's edges where it left it. */
export function clipRing(ring: readonly Position[], box: View): Position[] {
  const [west, south, east, north] = box;
  const edges: Array<[inside: (p: Position) => boolean, cross: (a: Position, b: Position) => Position]> = [
    [(p) => p[0]! >= west, (a, b) => atX(a, b, west)],
    [(p) => p[0]! <= east, (a, b) => atX(a, b, east)],
    [(p) => p[1]! >= south, (a, b) => atY(a, b, south)],
    [(p) => p[1]! <= north, (a, b) => atY(a, b, north)],
  ];
  let points = ring.slice(0, -1);
  for (const [inside, cross] of edges) {
    const kept: Position[] = [];
    points.forEach((point, i) => {
      const previous = points[(i + points.length - 1) % points.length]!;
      if (inside(point)) {
        if (!inside(previous)) kept.push(cross(previous, point));
        kept.push(point);
      } else if (inside(previous)) kept.push(cross(previous, point));
    });
    points = kept;
    if (points.length === 0) return [];
  }
  return [...points, points[0]!];
}

/** The parts of a line inside the box (a river leaving and re-entering a cell is two parts). */
export function clipLine(line: readonly Position[], box: View): Position[][] {
  const pieces: Position[][] = [];
  let piece: Position[] = [];
  for (let i = 1; i < line.length; i += 1) {
    const segment = clipSegment(line[i - 1]!, line[i]!, box);
    if (!segment) continue;
    const [a, b] = segment;
    const last = piece[piece.length - 1];
    if (!last || last[0] !== a[0] || last[1] !== a[1]) {
      if (piece.length > 1) pieces.push(piece);
      piece = [a];
    }
    piece.push(b);
  }
  if (piece.length > 1) pieces.push(piece);
  return pieces;
}

/** Liang-Barsky: the part of the segment inside the box, or null. */
function clipSegment(a: Position, b: Position, [west, south, east, north]: View): [Position, Position] | null {
  const [dx, dy] = [b[0]! - a[0]!, b[1]! - a[1]!];
  let [t0, t1] = [0, 1];
  const limits: Array<[number, number]> = [
    [-dx, a[0]! - west],
    [dx, east - a[0]!],
    [-dy, a[1]! - south],
    [dy, north - a[1]!],
  ];
  for (const [p, q] of limits) {
    if (p === 0) {
      if (q < 0) return null;
    } else if (p < 0) t0 = Math.max(t0, q / p);
    else t1 = Math.min(t1, q / p);
    if (t0 > t1) return null;
  }
  const at = (t: number): Position => (t === 0 ? a : t === 1 ? b : [a[0]! + t * dx, a[1]! + t * dy]);
  return [at(t0), at(t1)];
}

function atX(a: Position, b: Position, x: number): Position {
  return [x, a[1]! + ((b[1]! - a[1]!) * (x - a[0]!)) / (b[0]! - a[0]!)];
}

function atY(a: Position, b: Position, y: number): Position {
  return [a[0]! + ((b[0]! - a[0]!) * (y - a[1]!)) / (b[1]! - a[1]!), y];
}
