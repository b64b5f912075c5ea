// Place names over the land: a handful of DOM labels per view, the largest places first, none over
// another. Rebuilt when the map stops moving; hidden while it zooms.
import L from 'leaflet';
import { remScale } from '../../lib/rem-scale';
import type { PlaceCatalog } from './place-catalog';

/** More names than this clutters the map and costs layout for nothing. */
const MAX_LABELS = 120;
/** Room kept around each name so that neighbours stay readable. */
const GAP_PX = 6;
/** Places named from these zooms on are the large ones, written larger. */
const CITY_ZOOM = 4;
const TOWN_ZOOM = 7;
/** The labels' fonts (fleet-map.css), for measuring; every size here grows with the type (remScale). */
const FONTS = { city: '600 13px Inter, sans-serif', town: '12px Inter, sans-serif', village: '11px Inter, sans-serif', depot: '600 11px Inter, sans-serif' };
const LINE_HEIGHT_PX = 16;
/** The dot sits left of the name. */
const DOT_PX = 8;

type Size = keyof typeof FONTS;

/** A depot drawn by the map: its mark, and its name from `namesFromZoom` on (fleet-map.css places it). */
export interface DepotMark {
  name: string;
  lat: number;
  lng: number;
}
/** A cluster badge drawn over the map: its centre and its width in pixels. */
export interface BadgeMark {
  lat: number;
  lng: number;
  size: number;
}
/** Where the depot's mark and name sit around its position (fleet-map.css). */
const DEPOT_MARK_PX = 6;
const DEPOT_NAME_LEFT_PX = 22;
const DEPOT_NAME_TOP_PX = 10;
type Box = readonly [left: number, top: number, right: number, bottom: number];

export class PlaceLabels extends L.Layer {
  private box: HTMLElement | null = null;
  private readonly measure = document.createElement('canvas').getContext('2d');
  private readonly widths = new Map<string, number>();
  private depots: readonly DepotMark[] = [];
  private badges: readonly BadgeMark[] = [];

  constructor(
    private readonly catalog: PlaceCatalog,
    private readonly pane: string,
    private readonly depotNamesZoom: number,
  ) {
    super();
  }

  /** Depots come first: no place name is written over a depot or its name. */
  avoid(depots: readonly DepotMark[]): void {
    this.depots = depots;
    this.redraw();
  }

  /** No place name is written under a cluster badge. Called with each answer of the clusterer: only a change redraws. */
  avoidBadges(badges: readonly BadgeMark[]): void {
    const same =
      badges.length === this.badges.length && badges.every((b, i) => b.lat === this.badges[i]!.lat && b.lng === this.badges[i]!.lng && b.size === this.badges[i]!.size);
    this.badges = badges;
    if (!same) this.redraw();
  }

  override onAdd(map: L.Map): this {
    this.box = L.DomUtil.create('div', 'fleet-places leaflet-zoom-hide', map.getPane(this.pane));
    this.box.dataset.testid = 'map-places';
    map.on('moveend', this.redraw, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend', this.redraw, this);
    this.box?.remove();
    this.box = null;
    return this;
  }

  private redraw(): void {
    const map = this._map;
    if (!map || !this.box) return;
    const zoom = map.getZoom();
    const bounds = map.getBounds();
    const size = map.getSize();
    const origin = map.containerPointToLayerPoint([0, 0]);
    const view = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()] as const;
    const places = this.catalog.inView(view, zoom, () => this.redraw());
    const k = remScale();
    const [gap, lineHeight, dot] = [GAP_PX * k, LINE_HEIGHT_PX * k, DOT_PX * k];
    const taken: Box[] = this.depots.map((depot) => {
      const at = map.latLngToContainerPoint([depot.lat, depot.lng]);
      const named = zoom >= this.depotNamesZoom;
      const right = named ? at.x + (DEPOT_NAME_LEFT_PX + this.width(depot.name, 'depot')) * k : at.x + DEPOT_MARK_PX;
      const bottom = named ? at.y + (DEPOT_NAME_TOP_PX + LINE_HEIGHT_PX) * k : at.y + DEPOT_MARK_PX;
      return [at.x - DEPOT_MARK_PX, at.y - DEPOT_MARK_PX, right, bottom] as const;
    });
    for (const badge of this.badges) {
      const at = map.latLngToContainerPoint([badge.lat, badge.lng]);
      taken.push([at.x - badge.size / 2, at.y - badge.size / 2, at.x + badge.size / 2, at.y + badge.size / 2]);
    }
    const labels: HTMLElement[] = [];
    for (const [name, lng, lat, minZoom] of places) {
      if (labels.length >= MAX_LABELS) break;
      const at = map.latLngToContainerPoint([lat, lng]);
      const kind: Size = minZoom <= CITY_ZOOM ? 'city' : minZoom <= TOWN_ZOOM ? 'town' : 'village';
      const width = this.width(name, kind) * k;
      const top = at.y - lineHeight / 2 - gap / 2;
      const bottom = at.y + lineHeight / 2 + gap / 2;
      // The name right of its dot, else left of it (a depot often sits right on its town).
      const right: Box = [at.x - dot / 2 - gap, top, at.x + dot + width + gap, bottom];
      const left: Box = [at.x - dot - width - gap, top, at.x + dot / 2, bottom];
      const box = [right, left].find((candidate) => fits(candidate, size) && !taken.some((other) => overlaps(candidate, other)));
      if (!box) continue;
      taken.push(box);
      const label = L.DomUtil.create('div', `fleet-place fleet-place-${kind}`);
      label.textContent = name;
      if (box === left) {
        label.classList.add('fleet-place-left');
        label.style.marginLeft = `${-(width + dot)}px`;
      }
      L.DomUtil.setPosition(label, L.point(at.x + origin.x, at.y + origin.y));
      labels.push(label);
    }
    this.box.replaceChildren(...labels);
  }

  /** The name's width at the base font size (remScale 1). */
  private width(name: string, kind: Size): number {
    const key = `${kind}\n${name}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      if (this.measure) this.measure.font = FONTS[kind];
      width = this.measure?.measureText(name).width ?? name.length * 7;
      this.widths.set(key, width);
    }
    return width;
  }
}

function fits(box: Box, size: L.Point): boolean {
  return box[0] >= 0 && box[1] >= 0 && box[2] <= size.x && box[3] <= size.y;
}

function overlaps(a: Box, b: Box): boolean {
  return a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
}
