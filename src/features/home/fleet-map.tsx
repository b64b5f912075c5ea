import 'leaflet/dist/leaflet.css';
import './fleet-map.css';
import { useEffect, useRef } from 'react';
import { Box } from '@chakra-ui/react';
import { useSubscription } from 'observable-hooks';
import type { Observable } from 'rxjs';
import type { FleetSnapshot } from '../../../streams/vehicles/types';
import { FleetMapView, type MapDepot, type OfflineTiles } from './fleet-map-view';

/** The live map; vehicles stream straight into Leaflet, never through React state. */
export function FleetMap(props: {
  vehicles$: Observable<FleetSnapshot>;
  stale: boolean;
  /** Changes when the shown set changes meaning (filters), so the map fits it again. */
  fitKey: string;
  tileUrl: string;
  tileAttribution: string;
  /** The server's offline tiles, used when no tile server is configured. */
  offlineTiles: OfflineTiles | null;
  depots: readonly MapDepot[];
  vehicleHref: (id: string) => string;
  onOpenVehicle: (id: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const view = useRef<FleetMapView | null>(null);
  const openVehicle = useRef(props.onOpenVehicle);
  openVehicle.current = props.onOpenVehicle;
  const vehicleHref = useRef(props.vehicleHref);
  vehicleHref.current = props.vehicleHref;

  useEffect(() => {
    const map = new FleetMapView(container.current!, {
      tileUrl: props.tileUrl,
      tileAttribution: props.tileAttribution,
      vehicleHref: (id) => vehicleHref.current(id),
      onOpenVehicle: (id) => openVehicle.current(id),
    });
    view.current = map;
    const resize = new ResizeObserver(() => map.invalidateSize());
    resize.observe(container.current!);
    return () => {
      resize.disconnect();
      map.destroy();
      view.current = null;
    };
  }, [props.tileUrl, props.tileAttribution]);

  useEffect(() => view.current?.refit(), [props.fitKey]);
  // After the map's own effect, so a new map gets them too.
  useEffect(() => view.current?.showOfflineTiles(props.offlineTiles), [props.offlineTiles, props.tileUrl, props.tileAttribution]);
  useEffect(() => view.current?.showDepots(props.depots), [props.depots, props.tileUrl, props.tileAttribution]);

  useSubscription(props.vehicles$, (vehicles) => view.current?.update(vehicles));

  return (
    <Box
      ref={container}
      className="fleet-map"
      data-stale={props.stale}
      data-testid="fleet-map"
      role="region"
      aria-label="Fleet map"
      height="full"
      minHeight="320px"
      borderRadius="lg"
      overflow="hidden"
      borderWidth="1px"
    />
  );
}
