import { afterEach, describe, expect, it, vi } from 'vitest';
import { startFleetClusterer } from './fleet-clusterer';
import { createClusterer, receivePosted, type ClusterAnswer, type FleetPoints, type MapFeature } from './fleet-clusters';

const WORLD = [-180, -85, 180, 85] as [number, number, number, number];

// Three vehicles near Oslo (one in alarm), one offline near Lisbon.
const fleet: FleetPoints = {
  ids: ['osl-1', 'osl-2', 'osl-3', 'lis-1'],
  lng: Float64Array.from([10.75, 10.76, 10.74, -9.14]),
  lat: Float64Array.from([59.91, 59.92, 59.9, 38.72]),
  status: Uint8Array.from([0, 1, 0, 2]),
};

/** A Worker stand-in that keeps what it is posted; the returned function gives the one made last. */
const stubRecordingWorker = () => {
  let made: { onerror: (() => void) | null; posted: unknown[] } | undefined;
  vi.stubGlobal(
    'Worker',
    class {
      onerror: (() => void) | null = null;
      onmessage: unknown = null;
      posted: unknown[] = [];
      constructor() {
        // eslint-disable-next-line @typescript-eslint/no-this-alias -- the test reaches the worker the code under test created
        made = this;
      }
      postMessage(message: unknown) {
        this.posted.push(message);
      }
      terminate() {}
    },
  );
  return () => made!;
};

const clustersOf = (features: readonly MapFeature[]) => features.filter((f) => f.kind === 'cluster');
const vehiclesOf = (features: readonly MapFeature[]) => features.filter((f) => f.kind === 'vehicle');

describe('fleet clusters', () => {
  it('groups nearby vehicles with their counts by status, and keeps lone ones as vehicles', () => {
    const answer = createClusterer()({ type: 'load', request: 1, points: fleet, bbox: WORLD, zoom: 3 });
    expect(answer.type).toBe('features');
    const features = answer.type === 'features' ? answer.features : [];
    expect(clustersOf(features)).toEqual([expect.objectContaining({ kind: 'cluster', count: 3, counts: { normal: 2, alarm: 1, offline: 0 } })]);
    expect(vehiclesOf(features)).toEqual([{ kind: 'vehicle', id: 'lis-1', lat: 38.72, lng: -9.14 }]);
  });

  it('answers later requests from the latest load, and tells where a cluster splits', () => {
    const answer = createClusterer();
    const loaded = answer({ type: 'load', request: 1, points: fleet, bbox: WORLD, zoom: 3 });
    const cluster = clustersOf(loaded.type === 'features' ? loaded.features : [])[0];
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');

    const expansion = answer({ type: 'expansion', request: 2, clusterId: cluster.clusterId, zoom: 3 });
    expect(expansion).toMatchObject({ type: 'expansion', request: 2 });
    const splitAt = expansion.type === 'expansion' ? expansion.zoom : 0;
    expect(splitAt).toBeGreaterThan(3);
    const closer = answer({ type: 'features', request: 3, bbox: [10, 59, 11, 61], zoom: 16 });
    expect(
      closer.type === 'features' &&
        vehiclesOf(closer.features)
          .map((f) => f.kind === 'vehicle' && f.id)
          .sort(),
    ).toEqual(['osl-1', 'osl-2', 'osl-3']);

    answer({ type: 'load', request: 4, points: { ids: [], lng: new Float64Array(), lat: new Float64Array(), status: new Uint8Array() }, bbox: WORLD, zoom: 3 });
    // A cluster id from an index since replaced: zoom in two steps rather than fail.
    expect(answer({ type: 'expansion', request: 5, clusterId: cluster.clusterId, zoom: 3 })).toEqual({ type: 'expansion', request: 5, zoom: 5, vehicles: null });
  });

  it('leaves out the vehicles without a known position', () => {
    const unplaced: FleetPoints = { ...fleet, lng: Float64Array.from([10.75, Number.NaN, 10.74, -9.14]), lat: Float64Array.from([59.91, Number.NaN, 59.9, Number.NaN]) };
    const answer = createClusterer()({ type: 'load', request: 1, points: unplaced, bbox: WORLD, zoom: 3 });
    const features = answer.type === 'features' ? answer.features : [];
    expect(clustersOf(features)).toEqual([expect.objectContaining({ count: 2, counts: { normal: 2, alarm: 0, offline: 0 } })]);
    expect(vehiclesOf(features)).toEqual([]);
  });

  it('lists the vehicles of a cluster that never splits (parked at one depot)', () => {
    const answer = createClusterer();
    const depot: FleetPoints = { ids: ['a', 'b', 'c'], lng: Float64Array.from([10, 10, 10]), lat: Float64Array.from([60, 60, 60]), status: Uint8Array.from([0, 0, 1]) };
    const loaded = answer({ type: 'load', request: 1, points: depot, bbox: WORLD, zoom: 16 });
    const cluster = clustersOf(loaded.type === 'features' ? loaded.features : [])[0];
    if (cluster?.kind !== 'cluster') throw new Error('no cluster');
    const expansion = answer({ type: 'expansion', request: 2, clusterId: cluster.clusterId, zoom: 16 });
    expect(expansion.type === 'expansion' && expansion.vehicles?.sort()).toEqual(['a', 'b', 'c']);
  });

  it('answers in the page, in order, where there are no workers', async () => {
    const answers: ClusterAnswer[] = [];
    const clusterer = startFleetClusterer((answer) => answers.push(answer));
    const load = clusterer.ask({ type: 'load', points: fleet, bbox: WORLD, zoom: 3 });
    const features = clusterer.ask({ type: 'features', bbox: [-10, 38, -9, 39], zoom: 10 });
    await Promise.resolve();
    expect(answers.map((a) => a.request)).toEqual([load, features]);
    expect(answers[1]).toEqual({ type: 'features', request: features, features: [{ kind: 'vehicle', id: 'lis-1', lat: 38.72, lng: -9.14 }] });
    clusterer.close();
  });

  describe('with a worker', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("posts a load's ids to the worker only when the vehicles changed, and the worker clusters the ids it had", () => {
      const worker = stubRecordingWorker();
      const clusterer = startFleetClusterer(() => undefined);
      clusterer.ask({ type: 'load', points: fleet, bbox: WORLD, zoom: 3 });
      const moved = { ...fleet, ids: [...fleet.ids], lat: Float64Array.from([59.91, 59.92, 59.9, 40]) };
      clusterer.ask({ type: 'load', points: moved, bbox: WORLD, zoom: 3 });
      clusterer.ask({ type: 'load', points: { ...fleet, ids: ['osl-1', 'osl-2', 'osl-3'] }, bbox: WORLD, zoom: 3 });
      const postedIds = worker().posted.map((message) => (message as { points: FleetPoints }).points.ids);
      expect(postedIds).toEqual([fleet.ids, null, ['osl-1', 'osl-2', 'osl-3']]);

      const answer = receivePosted(createClusterer());
      answer({ type: 'load', request: 1, points: fleet, bbox: WORLD, zoom: 3 });
      const again = answer({ type: 'load', request: 2, points: { ...moved, ids: null }, bbox: [-10, 39, -9, 41], zoom: 10 });
      expect(again).toEqual({ type: 'features', request: 2, features: [{ kind: 'vehicle', id: 'lis-1', lat: 40, lng: -9.14 }] });
    });
  });

  describe('with a worker that fails', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('answers in the page when the worker cannot start', async () => {
      vi.stubGlobal(
        'Worker',
        class {
          constructor() {
            throw new Error('workers are not allowed here');
          }
        },
      );
      const answers: ClusterAnswer[] = [];
      const clusterer = startFleetClusterer((answer) => answers.push(answer));
      const load = clusterer.ask({ type: 'load', points: fleet, bbox: WORLD, zoom: 3 });
      await Promise.resolve();
      expect(answers.map((a) => a.request)).toEqual([load]);
    });

    it('answers what it was asked in the page, from the latest load, when the worker fails later', async () => {
      const failing = stubRecordingWorker();
      const answers: ClusterAnswer[] = [];
      const clusterer = startFleetClusterer((answer) => answers.push(answer));
      clusterer.ask({ type: 'load', points: fleet, bbox: WORLD, zoom: 3 });
      const features = clusterer.ask({ type: 'features', bbox: [-10, 38, -9, 39], zoom: 10 });
      expect(failing().posted).toHaveLength(2);
      failing().onerror?.();
      expect(answers.at(-1)).toEqual({ type: 'features', request: features, features: [{ kind: 'vehicle', id: 'lis-1', lat: 38.72, lng: -9.14 }] });
      const later = clusterer.ask({ type: 'features', bbox: WORLD, zoom: 3 });
      await Promise.resolve();
      expect(answers.at(-1)).toMatchObject({ type: 'features', request: later });
    });
  });
});
