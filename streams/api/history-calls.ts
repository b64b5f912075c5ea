import type { Static } from '@sinclair/typebox';
import type { DeviceRef } from '../../contract/protocol/types';
import { HISTORY_SERIES_PATH } from './fleet-calls';
import type { HistorySeries, RestClient } from '../../contract/api/types';
import { type HistoryQuerySchema, HISTORY_API } from '../../contract/entities/history';

const HISTORY_CSV_PATH = `${HISTORY_API.base}/export/csv`;

/** Keys of one device over a range (at most 31 days, docs/api.md "Operations data"). */
export interface HistoryQuery {
  device: DeviceRef;
  keys: readonly string[];
  from: Date;
  to: Date;
}

function historyParams({ device, keys, from, to }: HistoryQuery): Static<typeof HistoryQuerySchema> {
  return {
    vehicleId: device.vehicleId,
    deviceType: device.deviceType,
    deviceId: device.deviceId,
    keys: keys.join(','),
    from: from.toISOString(),
    to: to.toISOString(),
  };
}

/** The downsampled series, at most 2,000 buckets. */
export const fetchHistorySeries = (api: RestClient, query: HistoryQuery): Promise<HistorySeries> => api.get<HistorySeries>(HISTORY_SERIES_PATH, historyParams(query));

/** Every stored sample of the same query as CSV. */
export const exportHistoryCsv = (api: RestClient, query: HistoryQuery): Promise<Blob> => api.getBlob(HISTORY_CSV_PATH, historyParams(query));
