// Clustering of the home map's vehicles, framework- and DOM-free so it runs in a Web Worker: with
// ten thousand vehicles, building the index takes tens of milliseconds, which on the main thread
// was a long task every second on a wall display.
import Supercluster from 'supercluster';
import { VEHICLE_STATUSES } from '../../../contract/protocol/types';
import type { VehiclePlaces } from '../../../streams/vehicles/types';

export interface ClusterCounts {
  normal: number;
  alarm: number;
  offline: number;
}

/** The vehicles to cluster; those without a position (NaN) are left out. */
export type FleetPoints = VehiclePlaces;

/** West, south, east, north. */
export type BBox = [number, number, number, number];

export interface ClusterFeature {
  kind: 'cluster';
  lat: number;
  lng: number;
  clusterId: number;
  count: number;
  counts: ClusterCounts;
}

export type MapFeature = ClusterFeature | { kind: 'vehicle'; lat: number; lng: number; id: string };

interface PointProps extends ClusterCounts {
  id: string;
}

const RADIUS = 60;
export const MAX_CLUSTER_ZOOM = 16;

export function clusterIndex(points: FleetPoints): Supercluster<PointProps, ClusterCounts> {
  const features: Array<Supercluster.PointFeature<PointProps>> = [];
  points.ids.forEach((id, i) => {
    const lng = points.lng[i] as number;
    const lat = points.lat[i] as number;
    if (Number.isNaN(lng) || Number.isNaN(lat)) return;
    const status = VEHICLE_STATUSES[points.status[i] as number] ?? 'offline';
    features.push({ type: 'Feature', geometry: { type: 'Point', coordinates: [lng, lat] }, properties: { id, normal: 0, alarm: 0, offline: 0, [status]: 1 } });
  });
  const index = new Supercluster<PointProps, ClusterCounts>({
    radius: RADIUS,
    maxZoom: MAX_CLUSTER_ZOOM,
    map: ({ normal, alarm, offline }) => ({ normal, alarm, offline }),
    reduce: (sum, props) => {
      sum.normal += props.normal;
      sum.alarm += props.alarm;
      sum.offline += props.offline;
    },
  });
  return index.load(features);
}

export function featuresIn(index: Supercluster<PointProps, ClusterCounts>, bbox: BBox, zoom: number): MapFeature[] {
  return index.getClusters(bbox, zoom).map((feature) => {
    const [lng, lat] = feature.geometry.coordinates as [number, number];
    const props = feature.properties;
    if ('cluster' in props && props.cluster) {
      const { normal, alarm, offline } = props;
      return { kind: 'cluster', lat, lng, clusterId: props.cluster_id, count: props.point_count, counts: { normal, alarm, offline } };
    }
    return { kind: 'vehicle', lat, lng, id: (props as PointProps).id };
  });
}

/** The zoom at which a cluster splits; `fallback` when the id is from an index since replaced. */
export function expansionZoom(index: Supercluster<PointProps, ClusterCounts>, clusterId: number, fallback: number): number {
  try {
    return index.getClusterExpansionZoom(clusterId);
  } catch {
    return fallback;
  }
}

/** What the map asks of the clusterer, and what it answers; each answer carries the request's number. */
export type ClusterRequest =
  | { type: 'load'; request: number; points: FleetPoints; bbox: BBox; zoom: number }
  | { type: 'features'; request: number; bbox: BBox; zoom: number }
  | { type: 'expansion'; request: number; clusterId: number; zoom: number };

type LoadRequest = Extract<ClusterRequest, { type: 'load' }>;

/**
 * A request as posted to the worker: a load of the same vehicles as the load before leaves their ids
 * out (null). Posting 100,000 ids took the page some 30 ms every second; the positions and statuses
 * are typed arrays, cheap to copy.
 */
export type PostedClusterRequest = Exclude<ClusterRequest, LoadRequest> | (Omit<LoadRequest, 'points'> & { points: Omit<FleetPoints, 'ids'> & { ids: string[] | null } });

/** The worker's side of `PostedClusterRequest`: a load without ids clusters the ids of the load before. */
export function receivePosted(answer: (request: ClusterRequest) => ClusterAnswer): (posted: PostedClusterRequest) => ClusterAnswer {
  let ids: string[] = [];
  return (posted) => {
    if (posted.type !== 'load') return answer(posted);
    ids = posted.points.ids ?? ids;
    return answer({ ...posted, points: { ...posted.points, ids } });
  };
}

export type ClusterAnswer =
  | { type: 'features'; request: number; features: MapFeature[] }
  /** `vehicles`: the cluster never splits (vehicles at one spot, a depot), so these are listed to pick from. */
  | { type: 'expansion'; request: number; zoom: number; vehicles: string[] | null };

/** The most vehicles of an unsplittable cluster listed in its popup. */
export const MAX_LISTED = 50;

/** The ids of a cluster that does not split at any zoom, null when it does. */
function unsplittable(index: Supercluster<PointProps, ClusterCounts>, clusterId: number, zoom: number): string[] | null {
  if (zoom <= MAX_CLUSTER_ZOOM) return null;
  try {
    return index.getLeaves(clusterId, MAX_LISTED).map((leaf) => leaf.properties.id);
  } catch {
    return null;
  }
}

/** Answers requests against the latest loaded index; the worker and the in-page fallback both use it. */
export function createClusterer(): (request: ClusterRequest) => ClusterAnswer {
  let index = clusterIndex({ ids: [], lng: new Float64Array(), lat: new Float64Array(), status: new Uint8Array() });
  return (request) => {
    switch (request.type) {
      case 'load':
        index = clusterIndex(request.points);
        return { type: 'features', request: request.request, features: featuresIn(index, request.bbox, request.zoom) };
      case 'features':
        return { type: 'features', request: request.request, features: featuresIn(index, request.bbox, request.zoom) };
      case 'expansion': {
        const zoom = expansionZoom(index, request.clusterId, request.zoom + 2);
        return { type: 'expansion', request: request.request, zoom, vehicles: unsplittable(index, request.clusterId, zoom) };
      }
    }
  };
}
