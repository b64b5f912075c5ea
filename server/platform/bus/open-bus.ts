import type { ServerConfig } from '../../config';
import type { FleetBus } from './fleet-bus';
import { LocalBus } from './local-bus';
import { NatsBus } from './nats-bus';

/** The NATS bus when FLEET_BUS_URL is set, else the in-process one. */
export const openBus = (config: Pick<ServerConfig, 'busUrl' | 'busPrefix'>): Promise<FleetBus> =>
  config.busUrl ? NatsBus.connect({ url: config.busUrl, prefix: config.busPrefix }) : Promise.resolve(new LocalBus());
