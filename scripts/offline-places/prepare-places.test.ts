import { describe, expect, it } from 'vitest';
import { cellsInView } from '../../src/features/home/map-cells.ts';
import { PLACE_BANDS, placeMinZoom } from '../../src/features/home/place-bands.ts';
import { preparePlaces, type GeoNamesTown } from './prepare-places.ts';

const town = (name: string, lng: number, lat: number, population: number, featureCode = 'PPL'): GeoNamesTown => ({
  name,
  featureCode,
  population,
  loc: { coordinates: [lng, lat] },
});

describe('preparePlaces', () => {
  const bands = preparePlaces([
    town('Freising', 11.74887, 48.40351, 45_000),
    town('Munich', 11.57549, 48.13743, 1_260_391, 'PPLA'),
    town('Augsburg', 10.89851, 48.37154, 259_196),
    town('Oslo', 10.74609, 59.91273, 580_000, 'PPLC'),
    town('Bogenhausen', 11.61594, 48.15221, 77_542, 'PPLX'),
    town('Garching bei München', 11.65086, 48.24896, 17_000),
    town('Haar', 11.72, 48.11, 0),
    town('Old Town', 11.5, 48.1, 20_000, 'PPLH'),
    town('  ', 11.5, 48.1, 20_000),
  ]);
  const names = (band: number) => [...bands[band]!.values()].flat().map(([name]) => name);

  it('puts large places and capitals in the world band, largest first, with the zoom each is named from', () => {
    expect(bands[0]!.get('0_0')).toEqual([
      ['Munich', 11.5755, 48.1374, 4],
      ['Oslo', 10.7461, 59.9127, 4],
    ]);
  });

  it('cuts smaller places into cells of their band, so a view loads only what is around it', () => {
    expect(names(1)).toEqual(['Augsburg', 'Freising']);
    expect([...bands[1]!.keys()]).toEqual(['6_4']);
    expect(names(2)).toEqual(['Garching bei München']);
    // A district of a city is named only close in, however many live there; unknown populations last.
    expect(names(3)).toEqual(['Bogenhausen', 'Haar']);
  });

  it('leaves out historical places and empty names', () => {
    expect(bands.flatMap((_, band) => names(band))).not.toContain('Old Town');
    expect(bands.flatMap((_, band) => names(band))).toHaveLength(7);
  });
});

describe('place bands', () => {
  it('names places from a lower zoom the larger they are', () => {
    expect([5_000_000, 1_000_000, 300_000, 100_000, 30_000, 10_000, 3_000, 1_000, 0].map((population) => placeMinZoom(population, false))).toEqual([
      3, 4, 5, 6, 7, 8, 10, 11, 12,
    ]);
    expect(placeMinZoom(20_000, true)).toBe(4);
  });

  it('lists the cells a view touches, across cell borders', () => {
    const band = PLACE_BANDS[3]!;
    expect(cellsInView(band, [11.0, 48.0, 12.5, 48.5])).toEqual(['95_69', '96_69']);
    expect(cellsInView(PLACE_BANDS[0]!, [-180, -85, 180, 85])).toEqual(['0_0']);
    // The world's edge stays in the last cell.
    expect(cellsInView(band, [179, 89, 180, 90])).toEqual(['179_89']);
  });
});
