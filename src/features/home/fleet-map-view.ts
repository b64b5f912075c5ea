// The home map, driven imperatively: vehicles arrive from a subscription, never through React
// state. Single vehicles are canvas circles (cheap in thousands); clusters are a few hundred DOM
// badges at most. The cluster index is rebuilt at most once a second, in a Web Worker; the status
// of a visible single vehicle is recoloured on the frame its update arrives.
import { formatDistanceToNowStrict } from 'date-fns';
import L from 'leaflet';
import { VEHICLE_STATUSES, type VehicleStatus } from '../../../streams/protocol/types';
import { outlinesOf, statusWrittenBetween, type VehicleOutline } from '../../../streams/vehicles/fleet-view';
import { startFleetClusterer, type FleetClusterer } from './fleet-clusterer';
import { type BBox, type ClusterCounts, type FleetPoints, type MapFeature } from './fleet-clusters';
import { loadCountryOutlines } from './offline-basemap';

/** What the map needs of a vehicle (a VehicleState fits); vehicles without a position are skipped. */
export interface MapVehicle {
  id: string;
  name: string;
  sn: string;
  status: VehicleStatus;
  lat: number | null;
  lng: number | null;
  soc: number | null;
  lastSeenMs: number | null;
}

type PlacedVehicle = MapVehicle & { lat: number; lng: number };

export const STATUS_COLORS: Record<VehicleStatus, string> = {
  normal: '#16a34a',
  alarm: '#dc2626',
  offline: '#9ca3af',
};

const REINDEX_MS = 1000;

export interface FleetMapOptions {
  tileUrl: string;
  tileAttribution: string;
  onOpenVehicle: (id: string) => void;
}

export class FleetMapView {
  private readonly map: L.Map;
  private readonly renderer = L.canvas({ padding: 0.3 });
  private readonly clusterLayer = L.layerGroup();
  private readonly pointLayer = L.layerGroup();
  private readonly pointMarkers = new Map<string, { marker: L.CircleMarker; status: VehicleStatus }>();
  private vehicles: ReadonlyMap<string, MapVehicle> = new Map();
  /** The vehicles as the cluster index has them: what a vehicle has to differ from to need re-clustering. */
  private indexed = new Map<string, Pick<VehicleOutline, 'status' | 'lat' | 'lng'>>();
  private readonly clusterer: FleetClusterer;
  /** The latest request whose answer is to be drawn: answers to earlier ones are out of date. */
  private drawRequest = 0;
  private readonly expansions = new Map<number, L.LatLng>();
  private indexedAt = 0;
  private reindexTimer: ReturnType<typeof setTimeout> | null = null;
  private fitted = false;

  constructor(container: HTMLElement, private readonly options: FleetMapOptions) {
    this.map = L.map(container, {
      preferCanvas: true,
      worldCopyJump: true,
      minZoom: 2,
      maxZoom: 18,
      zoomControl: true,
      attributionControl: Boolean(options.tileUrl),
    }).setView([30, 10], 2);
    this.addBasemap();
    this.clusterLayer.addTo(this.map);
    this.pointLayer.addTo(this.map);
    this.clusterer = startFleetClusterer((answer) => {
      if (answer.type === 'features') {
        if (answer.request === this.drawRequest) this.draw(answer.features);
      } else {
        const at = this.expansions.get(answer.request);
        this.expansions.delete(answer.request);
        if (at) this.map.setView(at, Math.min(answer.zoom, 18));
      }
    });
    this.map.on('moveend', () => {
      this.drawRequest = this.clusterer.ask({ type: 'features', ...this.viewport() });
    });
    // Where the map is zoomed, for people and tests reading the page: the view is drawn on a canvas.
    const showZoom = (): void => {
      container.dataset.zoom = String(this.map.getZoom());
    };
    this.map.on('zoomend', showZoom);
    showZoom();
  }

  /**
   * Replace the vehicles shown. When they are the fleet's next view, only the vehicles that got a
   * status frame since the last one are looked at: a wall display gets a publish per animation frame,
   * and walking ten thousand vehicles each time kept its main thread busy.
   */
  update(vehicles: ReadonlyMap<string, MapVehicle>): void {
    const changed = statusWrittenBetween(this.vehicles, vehicles);
    let moved = changed === null && vehicles.size !== this.indexed.size;
    for (const id of changed ?? vehicles.keys()) {
      const vehicle = vehicles.get(id);
      if (!vehicle) continue;
      const indexed = this.indexed.get(id);
      if (!indexed || indexed.lat !== vehicle.lat || indexed.lng !== vehicle.lng || indexed.status !== vehicle.status) moved = true;
      const point = this.pointMarkers.get(id);
      if (point && point.status !== vehicle.status) {
        point.marker.setStyle(pointStyle(vehicle.status));
        point.status = vehicle.status;
      }
    }
    this.vehicles = vehicles;
    if (moved) this.scheduleReindex();
  }

  /** Fit the view to the vehicles shown once the next update is indexed (after a filter change). */
  refit(): void {
    this.fitted = false;
    this.scheduleReindex();
  }

  destroy(): void {
    if (this.reindexTimer) clearTimeout(this.reindexTimer);
    this.clusterer.close();
    this.drawRequest = -1;
    this.expansions.clear();
    this.map.remove();
  }

  invalidateSize(): void {
    this.map.invalidateSize();
  }

  private addBasemap(): void {
    const { tileUrl, tileAttribution } = this.options;
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 }).addTo(this.map);
      return;
    }
    void loadCountryOutlines().then((outlines) => {
      // SVG so the theme's CSS colours the land (classes beat presentation attributes).
      const options = {
        interactive: false,
        renderer: L.svg({ padding: 0.5 }),
        style: { className: 'fleet-land', weight: 0.6, fillOpacity: 1 },
      };
      L.geoJSON(outlines, options).addTo(this.map).bringToBack();
    });
  }

  private scheduleReindex(): void {
    if (this.reindexTimer) return;
    const wait = Math.max(0, this.indexedAt + REINDEX_MS - Date.now());
    this.reindexTimer = setTimeout(() => {
      this.reindexTimer = null;
      this.reindex();
    }, wait);
  }

  private reindex(): void {
    const ids: string[] = [];
    const lng: number[] = [];
    const lat: number[] = [];
    const status: number[] = [];
    this.indexed = new Map();
    for (const [id, vehicle] of outlinesOf(this.vehicles)) {
      this.indexed.set(id, vehicle);
      if (vehicle.lat === null || vehicle.lng === null) continue;
      ids.push(id);
      lng.push(vehicle.lng);
      lat.push(vehicle.lat);
      status.push(VEHICLE_STATUSES.indexOf(vehicle.status));
    }
    const points: FleetPoints = { ids, lng: Float64Array.from(lng), lat: Float64Array.from(lat), status: Uint8Array.from(status) };
    this.indexedAt = Date.now();
    if (!this.fitted && ids.length > 0) {
      this.fitted = true;
      const bounds = L.latLngBounds([]);
      for (let i = 0; i < ids.length; i += 1) bounds.extend([lat[i] as number, lng[i] as number]);
      this.map.fitBounds(bounds.pad(0.1), { maxZoom: 10 });
    }
    this.drawRequest = this.clusterer.ask({ type: 'load', points, ...this.viewport() });
  }

  private viewport(): { bbox: BBox; zoom: number } {
    const bounds = this.map.getBounds();
    return {
      bbox: [Math.max(-180, bounds.getWest()), Math.max(-85, bounds.getSouth()), Math.min(180, bounds.getEast()), Math.min(85, bounds.getNorth())],
      zoom: Math.round(this.map.getZoom()),
    };
  }

  private draw(features: readonly MapFeature[]): void {
    this.clusterLayer.clearLayers();
    this.pointLayer.clearLayers();
    this.pointMarkers.clear();
    for (const feature of features) {
      if (feature.kind === 'cluster') {
        this.clusterLayer.addLayer(this.clusterMarker(feature.lat, feature.lng, feature.clusterId, feature.count, feature.counts));
      } else {
        const vehicle = this.vehicles.get(feature.id);
        if (vehicle && vehicle.lat !== null && vehicle.lng !== null) this.pointLayer.addLayer(this.pointMarker(vehicle as PlacedVehicle));
      }
    }
  }

  private clusterMarker(lat: number, lng: number, clusterId: number, count: number, counts: ClusterCounts): L.Marker {
    const worst: VehicleStatus = counts.alarm > 0 ? 'alarm' : counts.offline === count ? 'offline' : 'normal';
    const size = count < 10 ? 30 : count < 100 ? 36 : 44;
    const icon = L.divIcon({
      className: 'fleet-cluster',
      html: `<span style="--cluster-color:${STATUS_COLORS[worst]};width:${size}px;height:${size}px">${count}</span>`,
      iconSize: [size, size],
    });
    const marker = L.marker([lat, lng], {
      icon,
      keyboard: false,
      title: `${count} vehicles: ${counts.alarm} alarm, ${counts.offline} offline`,
    });
    marker.on('click', () => {
      const request = this.clusterer.ask({ type: 'expansion', clusterId, zoom: Math.round(this.map.getZoom()) });
      this.expansions.set(request, L.latLng(lat, lng));
    });
    return marker;
  }

  private pointMarker(vehicle: PlacedVehicle): L.CircleMarker {
    const marker = L.circleMarker([vehicle.lat, vehicle.lng], { renderer: this.renderer, radius: 7, ...pointStyle(vehicle.status) });
    marker.bindTooltip(() => tooltipFor(this.vehicles.get(vehicle.id) ?? vehicle), { direction: 'top', offset: [0, -6] });
    marker.on('click', () => this.options.onOpenVehicle(vehicle.id));
    this.pointMarkers.set(vehicle.id, { marker, status: vehicle.status });
    return marker;
  }
}

function pointStyle(status: VehicleStatus): L.CircleMarkerOptions {
  return { color: '#ffffff', weight: 1.5, fillColor: STATUS_COLORS[status], fillOpacity: 0.95 };
}

/** Built with DOM nodes, never HTML strings: vehicle names are user-supplied text. */
function tooltipFor(vehicle: MapVehicle): HTMLElement {
  const box = document.createElement('div');
  const name = document.createElement('strong');
  name.textContent = vehicle.name;
  const detail = document.createElement('div');
  const soc = vehicle.soc === null ? '--' : `${Math.round(vehicle.soc)} %`;
  detail.textContent = `${vehicle.sn} · ${vehicle.status} · SOC ${soc}`;
  const seen = document.createElement('div');
  seen.textContent =
    vehicle.lastSeenMs === null ? 'Never seen' : `Last seen ${formatDistanceToNowStrict(vehicle.lastSeenMs, { addSuffix: true })}`;
  box.append(name, detail, seen);
  return box;
}
