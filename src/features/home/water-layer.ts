// Lakes and rivers under the place names: per cell in view, one SVG path for its lakes and one for
// its rivers (a handful of paths, however many lakes), coloured by the theme (fleet-map.css).
// Redrawn from the band of the zoom when the map stops moving.
import L from 'leaflet';
import { remScale } from '../../lib/rem-scale';
import { cellsInView } from './map-cells';
import type { ShippedCells } from './shipped-cells';
import { WATER_BANDS, decodeWaterLine, waterBandOfZoom, type ShippedWater } from './water-bands';

/** River widths per band: hairlines from afar, a little more close in. */
const RIVER_WEIGHTS = [0.6, 0.8, 1.2];

export class WaterLayer extends L.Layer {
  private renderer: L.Renderer | null = null;
  /** The paths drawn, by band and cell. */
  private readonly drawn = new Map<string, L.Layer[]>();

  constructor(
    private readonly cells: ShippedCells<ShippedWater>,
    private readonly pane: string,
  ) {
    super();
  }

  override onAdd(map: L.Map): this {
    this.renderer = L.svg({ pane: this.pane, padding: 0.5 });
    map.on('moveend', this.redraw, this);
    this.redraw();
    return this;
  }

  override onRemove(map: L.Map): this {
    map.off('moveend', this.redraw, this);
    for (const layers of this.drawn.values()) layers.forEach((layer) => layer.remove());
    this.drawn.clear();
    this.renderer?.remove();
    this.renderer = null;
    return this;
  }

  private redraw(): void {
    const map = this._map;
    if (!map || !this.renderer) return;
    const index = waterBandOfZoom(map.getZoom());
    const band = WATER_BANDS[index]!;
    const bounds = map.getBounds();
    const wanted = new Set<string>();
    for (const key of cellsInView(band, [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()])) {
      const id = `${index}/${key}`;
      const water = this.cells.cell(index, key, () => this.redraw());
      if (!water) continue;
      wanted.add(id);
      if (!this.drawn.has(id))
        this.drawn.set(
          id,
          this.draw(water, index).map((layer) => layer.addTo(map)),
        );
    }
    for (const [id, layers] of this.drawn) {
      if (wanted.has(id)) continue;
      layers.forEach((layer) => layer.remove());
      this.drawn.delete(id);
    }
  }

  private draw(water: ShippedWater, index: number): L.Layer[] {
    const { scale } = WATER_BANDS[index]!;
    const common = { renderer: this.renderer!, interactive: false, pane: this.pane };
    const layers: L.Layer[] = [];
    // One path per cell: islands are holes by the even-odd rule, and clipped edges meet without a stroke.
    if (water.lakes.length > 0) {
      layers.push(
        L.polygon(
          water.lakes.map((ring) => decodeWaterLine(scale, ring)),
          { ...common, className: 'fleet-lake', stroke: false, fillOpacity: 1 },
        ),
      );
    }
    if (water.rivers.length > 0) {
      const weight = RIVER_WEIGHTS[index]! * remScale();
      layers.push(
        L.polyline(
          water.rivers.map((line) => decodeWaterLine(scale, line)),
          { ...common, className: 'fleet-river', weight, fill: false },
        ),
      );
    }
    return layers;
  }
}
