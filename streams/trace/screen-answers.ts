import { DEPOT_BASE, FLEET_BASE, SUB_FLEET_BASE } from '../api/console-resources';
import { FLEET_LIST_PATH, fetchActiveAlarms } from '../api/fleet-calls';
import { ALL_NAMES_PAGE, listPath } from '../api/resource';
import type { RestClient } from '../../contract/api/types';
import { fetchIncidents } from '../alarms/incidents';

/**
 * Reads what the screens show beside the live fleet, for a recording to start with: the active
 * alarm feed and its incidents, the fleet list and the names of fleets, sub-fleets and depots. A replay answers a
 * call its trace lacks with an empty list, so without these a trace recorded away from the home
 * page replays it with fleet ids for names and no active alarms. A refusal is an answer too: it is
 * recorded as it came, so `api` should be a quiet client.
 */
export function readScreenAnswers(api: RestClient, activeAlarmsPage: number): void {
  const reads: Array<Promise<unknown>> = [
    fetchActiveAlarms(api, activeAlarmsPage),
    fetchIncidents(api, activeAlarmsPage),
    api.get(FLEET_LIST_PATH),
    ...[FLEET_BASE, SUB_FLEET_BASE, DEPOT_BASE].map((base) => api.get(listPath(base), ALL_NAMES_PAGE)),
  ];
  for (const read of reads) read.catch(() => undefined);
}
