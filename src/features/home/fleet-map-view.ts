// The home map, driven imperatively: vehicles arrive from a subscription, never through React
// state. Single vehicles are canvas circles (cheap in thousands); clusters are a few hundred DOM
// badges at most. The cluster index is rebuilt at most once a second, in a Web Worker; the status
// of a visible single vehicle is recoloured on the frame its update arrives.
import L from 'leaflet';
import { VEHICLE_STATUSES, type VehicleStatus } from '../../../contract/protocol/types';
import type { FleetSnapshot, VehicleOutline } from '../../../streams/vehicles/types';
import { STATUS_STYLE } from '../../components/vehicle-status';
import { lastSeenText } from '../../components/vehicle-devices/last-seen';
import { onPlainClick } from '../../lib/navigation';
import { freshnessAt } from '../../../streams/vehicles/freshness';
import { startFleetClusterer, type FleetClusterer } from './fleet-clusterer';
import { type BBox, type ClusterFeature, type FleetPoints, type MapFeature } from './fleet-clusters';
import { loadCountryOutlines } from './offline-basemap';
import { remScale } from '../../lib/rem-scale';
import { PlaceLabels, type BadgeMark } from './place-labels';
import { shippedPlaces } from './shipped-places';
import { shippedWater } from './shipped-water';
import { WaterLayer } from './water-layer';

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
  reportIntervalMs: number;
}

export const STATUS_COLORS: Record<VehicleStatus, string> = {
  normal: '#16a34a',
  alarm: '#dc2626',
  offline: '#9ca3af',
};

const REINDEX_MS = 1000;
/** How often the vehicles drawn are checked for silence, as the vehicle pages do. */
const FRESHNESS_TICK_MS = 1000;
const NO_POINTS: FleetPoints = { ids: [], lng: new Float64Array(), lat: new Float64Array(), status: new Uint8Array() };
/** The open popup's "last seen" ticks. */
const POPUP_TICK_MS = 1000;
const SELECTED_COLOR = '#2563eb';
const LAND_PANE = 'fleet-land';
/** Lakes and rivers over the land, under offline tiles (which draw their own). */
const WATER_PANE = 'fleet-water';
/** Offline tiles over the land (a file may cover only a region), depots over both, vehicles above all. */
const TILES_PANE = 'fleet-tiles';
const DEPOT_PANE = 'fleet-depots';
/** Place names over the land and tiles, under the depots. */
const PLACES_PANE = 'fleet-places';
/** GeoNames' licence (CC BY 4.0) asks for its name beside the shipped place names. */
const PLACES_ATTRIBUTION = 'Places: GeoNames';
/** Natural Earth is public domain; OpenStreetMap's lakes (ODbL) ask for its contributors to be named. */
const WATER_ATTRIBUTION = 'Water: Natural Earth, © OpenStreetMap contributors';
/** From this zoom on depots show their names. */
const DEPOT_NAMES_ZOOM = 7;
const LAND_RETRY_MS = 5_000;

/** A depot drawn as a place on the map. */
export interface MapDepot {
  id: string;
  name: string;
  lat: number;
  lng: number;
}

/** The server's offline raster tiles (a Leaflet URL template and what the file holds). */
export interface OfflineTiles {
  url: string;
  minZoom: number;
  maxZoom: number;
  attribution: string;
  /** [west, south, east, north] */
  bounds: readonly number[] | null;
}

/** A vehicle drawn on its own, with the look it was drawn with. */
interface DrawnVehicle {
  marker: L.CircleMarker;
  status: VehicleStatus;
  silent: boolean;
}

/** A cluster drawn on the map: a marker moved, relabelled and resized as answers come. */
interface ClusterBadge {
  marker: L.Marker;
  label: HTMLSpanElement;
  /** The cluster it stands for in the latest answer, for its click. */
  clusterId: number;
  size: number;
}

export interface FleetMapOptions {
  tileUrl: string;
  tileAttribution: string;
  /** The address of a vehicle's detail page, for the popup's real link. */
  vehicleHref: (id: string) => string;
  /** A plain click on that link; other clicks (new tab, new window) are the browser's. */
  onOpenVehicle: (id: string) => void;
}

export class FleetMapView {
  private readonly map: L.Map;
  private readonly renderer = L.canvas({ padding: 0.3 });
  private readonly clusterLayer = L.layerGroup();
  private readonly pointLayer = L.layerGroup();
  private readonly depotLayer = L.layerGroup();
  /** The shipped data's credits, one line however many data sets have loaded. */
  private readonly dataCredits = new TextAttribution('');
  private offlineTiles: Array<L.Layer | L.Control> = [];
  private readonly pointMarkers = new Map<string, DrawnVehicle>();
  private clusterBadges: ClusterBadge[] = [];
  private vehicles: FleetSnapshot | null = null;
  /** The vehicles as the cluster index has them: what a vehicle has to differ from to need re-clustering. */
  private indexed: FleetPoints = NO_POINTS;
  /** Where each vehicle is in `indexed`. */
  private indexedPosition = new Map<string, number>();
  private readonly clusterer: FleetClusterer;
  /** The latest request whose answer is to be drawn: answers to earlier ones are out of date. */
  private drawRequest = 0;
  private readonly expansions = new Map<number, L.LatLng>();
  private indexedAt = 0;
  private reindexTimer: ReturnType<typeof setTimeout> | null = null;
  private fitted = false;
  private destroyed = false;
  /** The vehicle whose popup is open: ringed, and its popup kept current as its status changes. */
  private selectedId: string | null = null;
  /** Markers grow with the type, so a 4K wall's are not half the size of a 1080p one's. */
  private markerScale = 1;
  private readonly selectionRing = L.circleMarker([0, 0], { renderer: this.renderer, radius: 12, color: SELECTED_COLOR, weight: 3, fill: false, interactive: false });
  private readonly popup = L.popup({ offset: [0, -10], autoPan: true, className: 'fleet-popup' });
  private popupTimer: ReturnType<typeof setInterval> | null = null;
  private landRetry: ReturnType<typeof setTimeout> | null = null;
  private placesRetry: ReturnType<typeof setTimeout> | null = null;
  private waterRetry: ReturnType<typeof setTimeout> | null = null;
  private placeLabels: PlaceLabels | null = null;
  private depots: readonly MapDepot[] = [];
  private readonly freshnessTimer = setInterval(() => this.restyleSilent(), FRESHNESS_TICK_MS);

  constructor(
    container: HTMLElement,
    private readonly options: FleetMapOptions,
  ) {
    this.map = L.map(container, {
      preferCanvas: true,
      worldCopyJump: true,
      minZoom: 2,
      maxZoom: 18,
      zoomControl: true,
      attributionControl: Boolean(options.tileUrl),
    }).setView([30, 10], 2);
    this.rescale(remScale());
    this.addBasemap();
    // Over the vehicle dots (overlay pane, 400), which park on the depot and hid its name; under the
    // cluster badges. Depot marks are not interactive, so clicks still reach the dots.
    this.map.createPane(DEPOT_PANE).style.zIndex = '410';
    this.depotLayer.addTo(this.map);
    this.clusterLayer.addTo(this.map);
    this.pointLayer.addTo(this.map);
    this.clusterer = startFleetClusterer((answer) => {
      if (answer.type === 'features') {
        if (answer.request === this.drawRequest) this.draw(answer.features);
      } else {
        const at = this.expansions.get(answer.request);
        this.expansions.delete(answer.request);
        if (!at) return;
        // Vehicles at one spot never split: list them to pick from, zoomed in as far as clusters go.
        if (answer.vehicles) {
          this.map.setView(at, Math.max(this.map.getZoom(), Math.min(answer.zoom, 18)));
          this.showList(at, answer.vehicles);
        } else this.map.setView(at, Math.min(answer.zoom, 18));
      }
    });
    this.map.on('moveend', () => {
      this.drawRequest = this.clusterer.ask({ type: 'features', ...this.viewport() });
    });
    // Where the map looks, for people and tests reading the page: the vehicles are drawn on a canvas.
    const showView = (): void => {
      const center = this.map.getCenter();
      container.dataset.zoom = String(this.map.getZoom());
      container.dataset.depotNames = String(this.map.getZoom() >= DEPOT_NAMES_ZOOM);
      container.dataset.center = `${center.lat.toFixed(6)},${center.lng.toFixed(6)}`;
    };
    this.map.on('zoomend moveend', showView);
    showView();
    this.popup.on('remove', () => this.deselect());
  }

  /**
   * Replace the vehicles shown. When they are the fleet's next view, only the vehicles that got a
   * status frame since the last one are looked at: a wall display gets a publish per animation frame,
   * and walking ten thousand vehicles each time kept its main thread busy.
   */
  update(vehicles: FleetSnapshot): void {
    const changed = this.vehicles && vehicles.statusChangedSince(this.vehicles);
    let moved = changed === null && vehicles.size !== this.indexed.ids.length;
    for (const id of changed ?? vehicles.keys()) {
      const vehicle = vehicles.outline(id);
      if (!vehicle) {
        // It left the vehicles shown (a status filter).
        if (this.indexedPosition.has(id)) moved = true;
        continue;
      }
      if (!moved && !this.isIndexed(id, vehicle)) moved = true;
      const point = this.pointMarkers.get(id);
      // Silence is the clock's to tell (restyleSilent); a frame changes the status.
      if (point) this.restyle(point, vehicle.status, point.silent);
    }
    this.vehicles = vehicles;
    if (this.selectedId !== null && (changed === null || changed.includes(this.selectedId))) this.showSelected();
    if (moved) this.scheduleReindex();
  }

  /** Fit the view to the vehicles shown once the next update is indexed (after a filter change). */
  refit(): void {
    this.fitted = false;
    this.scheduleReindex();
  }

  destroy(): void {
    this.destroyed = true;
    if (this.reindexTimer) clearTimeout(this.reindexTimer);
    if (this.popupTimer) clearInterval(this.popupTimer);
    if (this.landRetry) clearTimeout(this.landRetry);
    if (this.placesRetry) clearTimeout(this.placesRetry);
    if (this.waterRetry) clearTimeout(this.waterRetry);
    clearInterval(this.freshnessTimer);
    this.clusterer.close();
    this.drawRequest = -1;
    this.expansions.clear();
    this.map.remove();
  }

  invalidateSize(): void {
    this.map.invalidateSize();
  }

  /** Depots as places: a mark, and from zoom 7 on their name; built as DOM nodes, names being user text. */
  showDepots(depots: readonly MapDepot[]): void {
    this.depotLayer.clearLayers();
    this.depots = depots;
    this.placeLabels?.avoid(depots);
    for (const depot of depots) {
      const place = element('div', 'fleet-depot');
      place.dataset.testid = 'map-depot';
      place.title = depot.name;
      place.append(element('span', 'fleet-depot-mark'), element('span', 'fleet-depot-name', depot.name));
      const icon = L.divIcon({ html: place, className: 'fleet-depot-icon', iconSize: [12, 12], iconAnchor: [6, 6] });
      L.marker([depot.lat, depot.lng], { icon, pane: DEPOT_PANE, interactive: false, keyboard: false }).addTo(this.depotLayer);
    }
  }

  /**
   * The server's offline tiles (street detail in an air-gapped room) over the shipped outlines; a
   * configured online tile server takes their place. Null takes them away.
   */
  showOfflineTiles(tiles: OfflineTiles | null): void {
    for (const layer of this.offlineTiles) layer.remove();
    this.offlineTiles = [];
    if (!tiles || this.options.tileUrl) return;
    const [west, south, east, north] = tiles.bounds ?? [];
    const bounds = tiles.bounds ? L.latLngBounds([south!, west!], [north!, east!]) : undefined;
    this.offlineTiles.push(
      L.tileLayer(tiles.url, { pane: TILES_PANE, minZoom: tiles.minZoom, maxNativeZoom: tiles.maxZoom, maxZoom: 18, bounds, className: 'fleet-offline-tiles' }).addTo(
        this.map,
      ),
    );
    if (tiles.attribution) this.offlineTiles.push(new TextAttribution(tiles.attribution).addTo(this.map));
  }

  private addBasemap(): void {
    const { tileUrl, tileAttribution } = this.options;
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: tileAttribution, maxZoom: 19 }).addTo(this.map);
      return;
    }
    // Land gets a pane of its own below the vehicles' canvas, whichever of the two is drawn first.
    this.map.createPane(LAND_PANE).style.zIndex = '350';
    this.map.createPane(WATER_PANE).style.zIndex = '355';
    this.map.createPane(TILES_PANE).style.zIndex = '360';
    this.map.createPane(PLACES_PANE).style.zIndex = '380';
    this.addLand();
    this.addWater();
    this.addPlaces();
  }

  private addLand(): void {
    loadCountryOutlines().then(
      (outlines) => {
        // The outlines can arrive after the map was taken down (the page was left).
        if (this.destroyed) return;
        // SVG so the theme's CSS colours the land (classes beat presentation attributes).
        const options = {
          interactive: false,
          pane: LAND_PANE,
          renderer: L.svg({ padding: 0.5, pane: LAND_PANE }),
          style: { className: 'fleet-land', weight: 0.6, fillOpacity: 1 },
        };
        L.geoJSON(outlines, options).addTo(this.map);
      },
      () => {
        if (!this.destroyed) this.landRetry = setTimeout(() => this.addLand(), LAND_RETRY_MS);
      },
    );
  }

  private addWater(): void {
    shippedWater().then(
      (water) => {
        if (this.destroyed) return;
        new WaterLayer(water, WATER_PANE).addTo(this.map);
        this.credit(WATER_ATTRIBUTION);
      },
      () => {
        if (!this.destroyed) this.waterRetry = setTimeout(() => this.addWater(), LAND_RETRY_MS);
      },
    );
  }

  private credit(text: string): void {
    if (!this.dataCredits.getContainer()) this.dataCredits.addTo(this.map);
    this.dataCredits.add(text);
  }

  private addPlaces(): void {
    shippedPlaces().then(
      (places) => {
        if (this.destroyed) return;
        this.placeLabels = new PlaceLabels(places, PLACES_PANE, DEPOT_NAMES_ZOOM).addTo(this.map);
        this.placeLabels.avoid(this.depots);
        this.placeLabels.avoidBadges(this.badgeMarks());
        this.credit(PLACES_ATTRIBUTION);
      },
      () => {
        if (!this.destroyed) this.placesRetry = setTimeout(() => this.addPlaces(), LAND_RETRY_MS);
      },
    );
  }

  private scheduleReindex(): void {
    if (this.reindexTimer) return;
    const wait = Math.max(0, this.indexedAt + REINDEX_MS - Date.now());
    this.reindexTimer = setTimeout(() => {
      this.reindexTimer = null;
      this.reindex();
    }, wait);
  }

  private isIndexed(id: string, vehicle: VehicleOutline): boolean {
    const at = this.indexedPosition.get(id);
    if (at === undefined) return false;
    const { lat, lng, status } = this.indexed;
    return Object.is(lat[at], vehicle.lat ?? Number.NaN) && Object.is(lng[at], vehicle.lng ?? Number.NaN) && VEHICLE_STATUSES[status[at] as number] === vehicle.status;
  }

  private reindex(): void {
    const points = this.vehicles?.places() ?? NO_POINTS;
    const previous = this.indexed.ids;
    if (points.ids.length !== previous.length || points.ids.some((id, i) => id !== previous[i])) this.indexedPosition = new Map(points.ids.map((id, i) => [id, i]));
    this.indexed = points;
    this.indexedAt = Date.now();
    if (!this.fitted) {
      const bounds = L.latLngBounds([]);
      for (let i = 0; i < points.ids.length; i += 1) if (!Number.isNaN(points.lat[i]!) && !Number.isNaN(points.lng[i]!)) bounds.extend([points.lat[i]!, points.lng[i]!]);
      if (bounds.isValid()) {
        this.fitted = true;
        this.map.fitBounds(bounds.pad(0.1), { maxZoom: 10 });
      }
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

  /**
   * Draws an answer of the clusterer over the one before: badges and circles already on the map are
   * moved and relabelled rather than rebuilt. With vehicles moving, an answer comes every second and
   * differs little from the last; rebuilding a few hundred badges each time was the wall's longest task.
   */
  private draw(features: readonly MapFeature[]): void {
    this.rescale(remScale());
    const clusters: ClusterFeature[] = [];
    const shown = new Set<string>();
    for (const feature of features) {
      if (feature.kind === 'cluster') clusters.push(feature);
      else {
        const vehicle = this.vehicles?.outline(feature.id);
        if (vehicle && vehicle.lat !== null && vehicle.lng !== null) {
          this.placePoint(feature.id, vehicle.lat, vehicle.lng, vehicle.status);
          shown.add(feature.id);
        }
      }
    }
    for (const [id, point] of this.pointMarkers) {
      if (shown.has(id)) continue;
      this.pointLayer.removeLayer(point.marker);
      this.pointMarkers.delete(id);
    }
    this.drawClusters(clusters);
  }

  /** A badge stays with its cluster id where the new answer has it; the others take the new clusters' places. */
  private drawClusters(clusters: readonly ClusterFeature[]): void {
    const previous = new Map(this.clusterBadges.map((badge) => [badge.clusterId, badge]));
    const placed: ClusterBadge[] = [];
    const unplaced: ClusterFeature[] = [];
    for (const cluster of clusters) {
      const badge = previous.get(cluster.clusterId);
      if (!badge) unplaced.push(cluster);
      else {
        previous.delete(cluster.clusterId);
        placed.push(this.placeBadge(badge, cluster));
      }
    }
    const spare = [...previous.values()];
    for (const cluster of unplaced) {
      const badge = spare.pop();
      placed.push(badge ? this.placeBadge(badge, cluster) : this.clusterBadge(cluster));
    }
    for (const badge of spare) this.clusterLayer.removeLayer(badge.marker);
    this.clusterBadges = placed;
    this.placeLabels?.avoidBadges(this.badgeMarks());
  }

  private badgeMarks(): BadgeMark[] {
    return this.clusterBadges.map(({ marker, size }) => ({ ...marker.getLatLng(), size }));
  }

  private clusterBadge(cluster: ClusterFeature): ClusterBadge {
    const badge: ClusterBadge = { marker: L.marker([cluster.lat, cluster.lng], { keyboard: false }), label: element('span'), clusterId: cluster.clusterId, size: 0 };
    badge.marker.on('click', () => {
      const request = this.clusterer.ask({ type: 'expansion', clusterId: badge.clusterId, zoom: Math.round(this.map.getZoom()) });
      this.expansions.set(request, L.latLng(badge.marker.getLatLng()));
    });
    this.placeBadge(badge, cluster);
    this.clusterLayer.addLayer(badge.marker);
    return badge;
  }

  /** Moves, relabels and recolours a badge to show `cluster`, touching only what differs. */
  private placeBadge(badge: ClusterBadge, cluster: ClusterFeature): ClusterBadge {
    const { lat, lng, count, counts } = cluster;
    const worst: VehicleStatus = counts.alarm > 0 ? 'alarm' : counts.offline === count ? 'offline' : 'normal';
    const size = Math.round((count < 10 ? 30 : count < 100 ? 36 : 44) * this.markerScale);
    const title = `${count} vehicles: ${counts.alarm} alarm, ${counts.offline} offline`;
    const { marker, label } = badge;
    badge.clusterId = cluster.clusterId;
    const at = marker.getLatLng();
    if (at.lat !== lat || at.lng !== lng) marker.setLatLng([lat, lng]);
    if (label.textContent !== String(count)) label.textContent = String(count);
    if (label.style.getPropertyValue('--cluster-color') !== STATUS_COLORS[worst]) label.style.setProperty('--cluster-color', STATUS_COLORS[worst]);
    marker.options.title = title;
    if (badge.size !== size) {
      badge.size = size;
      label.style.width = `${size}px`;
      label.style.height = `${size}px`;
      marker.setIcon(L.divIcon({ className: 'fleet-cluster', html: label, iconSize: [size, size] }));
    }
    const icon = marker.getElement();
    if (icon && icon.title !== title) icon.title = title;
    return badge;
  }

  /** A vehicle drawn on its own: a circle on the canvas, moved or restyled only when that changed. */
  private placePoint(id: string, lat: number, lng: number, status: VehicleStatus): void {
    const point = this.pointMarkers.get(id);
    if (!point) {
      const vehicle = this.vehicles?.get(id);
      const silent = vehicle ? freshnessAt(vehicle, Date.now()).silent : false;
      const marker = L.circleMarker([lat, lng], { renderer: this.renderer, radius: 7 * this.markerScale, ...pointStyle(status, silent) });
      marker.on('click', () => this.select(id));
      this.pointMarkers.set(id, { marker, status, silent });
      this.pointLayer.addLayer(marker);
      return;
    }
    const at = point.marker.getLatLng();
    if (at.lat !== lat || at.lng !== lng) point.marker.setLatLng([lat, lng]);
    this.restyle(point, status, point.silent);
  }

  /** The type's scale changed (a wall's window resized): circles take the new radius, names (fleet-map.css) the new size. */
  private rescale(scale: number): void {
    if (scale === this.markerScale) return;
    this.markerScale = scale;
    this.map.getContainer().style.setProperty('--map-scale', String(scale));
    for (const { marker } of this.pointMarkers.values()) marker.setRadius(7 * scale);
  }

  /** A vehicle falls silent without any frame saying so: the clock tells. */
  private restyleSilent(): void {
    const now = Date.now();
    for (const [id, point] of this.pointMarkers) {
      const vehicle = this.vehicles?.get(id);
      if (vehicle) this.restyle(point, point.status, freshnessAt(vehicle, now).silent);
    }
  }

  private restyle(point: DrawnVehicle, status: VehicleStatus, silent: boolean): void {
    if (point.status === status && point.silent === silent) return;
    point.marker.setStyle(pointStyle(status, silent));
    point.status = status;
    point.silent = silent;
  }

  /** Opens the vehicle's popup and rings it; both follow it until the popup is closed. */
  private select(id: string): void {
    this.selectedId = id;
    this.showSelected();
    this.popupTimer ??= setInterval(() => this.showSelected(), POPUP_TICK_MS);
  }

  private showSelected(): void {
    const vehicle = this.selectedId === null ? undefined : this.vehicles?.get(this.selectedId);
    if (!vehicle || vehicle.lat === null || vehicle.lng === null) return;
    const at = L.latLng(vehicle.lat, vehicle.lng);
    this.selectionRing
      .setLatLng(at)
      .setRadius(12 * this.markerScale)
      .addTo(this.map);
    this.popup.setLatLng(at).setContent(this.vehicleCard(vehicle));
    if (!this.map.hasLayer(this.popup)) this.popup.openOn(this.map);
  }

  private deselect(): void {
    this.selectedId = null;
    this.selectionRing.remove();
    if (this.popupTimer) clearInterval(this.popupTimer);
    this.popupTimer = null;
  }

  /** The popup of a vehicle, built with DOM nodes, never HTML strings: vehicle names are user-supplied text. */
  private vehicleCard(vehicle: MapVehicle): HTMLElement {
    const now = Date.now();
    const { lastSeenMs, silent } = freshnessAt(vehicle, now);
    const box = element('div', 'fleet-popup-card');
    box.dataset.testid = 'map-popup';
    box.dataset.vehicleId = vehicle.id;
    box.append(element('strong', 'fleet-popup-name', vehicle.name));
    const status = element('div', 'fleet-popup-status', STATUS_STYLE[vehicle.status].label);
    status.dataset.status = vehicle.status;
    status.style.setProperty('--status-color', STATUS_COLORS[vehicle.status]);
    box.append(
      status,
      element('div', '', `SOC ${vehicle.soc === null ? '--' : `${vehicle.soc.toFixed(1)} %`}`),
      element('div', silent ? 'fleet-popup-silent' : '', `Last seen ${lastSeenText(lastSeenMs, now, silent)}`),
      this.vehicleLink(vehicle.id, 'Open vehicle'),
    );
    return box;
  }

  /** A real link: a new tab or window opens the detail there, a plain click stays in this tab. */
  private vehicleLink(id: string, text: string): HTMLAnchorElement {
    const link = element('a', 'fleet-popup-link', text);
    link.href = this.options.vehicleHref(id);
    link.addEventListener(
      'click',
      onPlainClick(() => this.options.onOpenVehicle(id)),
    );
    return link;
  }

  /** The vehicles of a cluster that never splits; picking one opens its popup. */
  private showList(at: L.LatLng, ids: readonly string[]): void {
    const box = element('div', 'fleet-popup-card');
    box.dataset.testid = 'map-cluster-list';
    box.append(element('strong', '', `${ids.length} vehicles here`));
    const list = element('ul', 'fleet-popup-list');
    for (const id of ids) {
      const vehicle = this.vehicles?.get(id);
      if (!vehicle) continue;
      const pick = element('button', 'fleet-popup-pick', vehicle.name);
      pick.type = 'button';
      pick.style.setProperty('--status-color', STATUS_COLORS[vehicle.status]);
      pick.addEventListener('click', () => this.select(id));
      const item = element('li');
      item.append(pick);
      list.append(item);
    }
    box.append(list);
    this.popup.setLatLng(at).setContent(box).openOn(this.map);
  }
}

/** An attribution shown as text: Leaflet's own control takes HTML, and a tiles file's text is not ours. */
class TextAttribution extends L.Control {
  private readonly parts: string[];
  private readonly node = element('div', 'leaflet-control-attribution fleet-tiles-attribution');
  constructor(text: string) {
    super({ position: 'bottomright' });
    this.parts = text ? [text] : [];
    this.node.textContent = this.parts.join(' · ');
  }
  /** Another credit on the same line. */
  add(text: string): void {
    if (this.parts.includes(text)) return;
    this.parts.push(text);
    this.node.textContent = this.parts.join(' · ');
  }
  override onAdd(): HTMLElement {
    return this.node;
  }
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className = '', text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** A silent vehicle's marker is dimmed, as its values are on its own page. */
function pointStyle(status: VehicleStatus, silent: boolean): L.CircleMarkerOptions {
  return { color: '#ffffff', weight: 1.5, opacity: silent ? 0.5 : 1, fillColor: STATUS_COLORS[status], fillOpacity: silent ? 0.4 : 0.95 };
}
