// Incident events: what the grouper and the incident routes did to an incident, told to whoever
// listens in this process (a notification dispatcher), to every other node of a cluster over the bus,
// and to the consoles that see the incident (cmd 165).
import type { IncidentEventType } from '../../../contract/protocol/types';
import type { FleetBus } from '../../platform/bus/fleet-bus';
import type { SocketHub } from '../../hub/socket-hub';
import type { IncidentRecord } from './incident-store';

export interface IncidentEvent {
  /** opened, updated (an alarm joined or ended), resolved, acknowledged, assigned, escalated. */
  type: IncidentEventType;
  /** The incident as it is after the event (times in epoch ms). */
  incident: IncidentRecord;
  /** When it happened (epoch ms). */
  at: number;
  /** acknowledged, assigned: the user name of who did it. */
  by?: string;
  /** resolved because its alarms were taken into this depot- or sub-fleet-wide incident. */
  mergedInto?: string;
  /** updated: the alarms that joined it since it was last told (one step), each inhibited when under a gateway outage. */
  alarms?: Array<{ id: string; inhibited: boolean }>;
}

export type IncidentListener = (event: IncidentEvent) => void;

export interface IncidentEvents {
  /**
   * Every incident event of the cluster (made on this node or told by another), in the order this
   * node learnt them; answers the unsubscribe. A listener that throws is logged and skipped.
   */
  subscribe(listener: IncidentListener): () => void;
  /** Tells this node's listeners and sockets, and every other node. */
  publish(event: IncidentEvent): void;
  stop(): void;
}

export const incidentEvents = (bus: FleetBus, hub: SocketHub, log: (line: string) => void): IncidentEvents => {
  const listeners = new Set<IncidentListener>();
  const deliver = (event: IncidentEvent) => {
    const { incident } = event;
    hub.incidentChanged(
      { fleetId: incident.fleetId, subFleetId: incident.subFleetId, depotId: incident.depotId },
      { incidentId: incident.id, fleetId: incident.fleetId, type: event.type, escalationStep: incident.escalation.step },
    );
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (err) {
        log(`Incident listener failed on ${event.type} of incident ${incident.id}: ${String(err)}`);
      }
    }
  };
  const off = bus.onEvent((e) => e.type === 'incident' && deliver(e.event));
  return {
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publish: (event) => {
      bus.broadcast({ type: 'incident', event });
      deliver(event);
    },
    stop: () => {
      off();
      listeners.clear();
    },
  };
};
