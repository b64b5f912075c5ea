import type { FleetSimulator } from '../sim/types';

/** What the API reads of the fleet's live state: the model itself on a single node, a mirror in a cluster. */
export type LiveFleet = Pick<FleetSimulator, 'add' | 'remove' | 'has' | 'devices' | 'latest' | 'status' | 'onFrame'>;
