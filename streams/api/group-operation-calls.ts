// Bulk operations over selected vehicles, each run by the server as one group operation with an
// outcome per vehicle (docs/api.md, "Operations data"), and the retry of its failed vehicles.
import type { Static } from '@sinclair/typebox';
import type { DeviceType } from '../../contract/protocol/types';
import type { Resource } from './resource';
import type { GroupLog, GroupLogDetail, RestClient } from '../../contract/api/types';
import { type GroupFirmwareSchema, type GroupLogRefSchema, type GroupSettingSchema, type GroupTransferSchema, GROUP_LOG_API } from '../../contract/entities/group-log';

const BASE = GROUP_LOG_API.base;

/** The bodies of the calls, as the contract's schemas give them. */
type GroupOperationBody = Static<typeof GroupFirmwareSchema> | Static<typeof GroupSettingSchema> | Static<typeof GroupTransferSchema> | Static<typeof GroupLogRefSchema>;

export interface DeviceChoice {
  deviceType: DeviceType;
  deviceId: number;
}

export interface GroupOperationCalls {
  updateFirmware(vehicleIds: string[], device: DeviceChoice, version: string): Promise<GroupLogDetail>;
  restoreDefaults(vehicleIds: string[], device: DeviceChoice): Promise<GroupLogDetail>;
  transfer(vehicleIds: string[], to: { fleetId: string; subFleetId: string | null; depotId: string | null }): Promise<GroupLogDetail>;
  /** Runs the failed vehicles of a group operation again. */
  retryFailed(logId: string): Promise<GroupLogDetail>;
}

/**
 * Every call reloads the open group logs; a transfer (or its retry) also `placed`: the lists that
 * show where vehicles are or count them (vehicles, fleets, sub-fleets, depots).
 */
export function createGroupOperationCalls(
  api: RestClient,
  groupLogs: Resource<GroupLog, GroupLogDetail>,
  placed: ReadonlyArray<Pick<Resource<unknown>, 'refresh'>>,
): GroupOperationCalls {
  const run = async (path: string, body: GroupOperationBody, movesVehicles = false) => {
    const detail = await api.post<GroupLogDetail>(`${BASE}/${path}`, body);
    groupLogs.refresh();
    if (movesVehicles) for (const resource of placed) resource.refresh();
    return detail;
  };
  return {
    updateFirmware: (vehicleIds, device, version) => run('add/firmware', { vehicleIds, ...device, version }),
    restoreDefaults: (vehicleIds, device) => run('add/setting', { vehicleIds, ...device, setting: 'restore_fac', value: 1 }),
    transfer: (vehicleIds, to) => run('add/transfer', { vehicleIds, ...to }, true),
    retryFailed: (logId) => run('update/retry', { logId }, true),
  };
}
