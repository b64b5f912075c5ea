// Vehicle writes beyond the resource's create/update/remove: top placement and the spreadsheet
// import.
import { ApiError } from './api-error';
import type { Static } from '@sinclair/typebox';
import type { RestClient } from '../../contract/api/types';
import { type VehicleBatchReportSchema, VEHICLE_API } from '../../contract/entities/vehicle';

const VEHICLE = VEHICLE_API.base;

/** What the server made of a sheet: every row added, or none and the rows at fault. */
export type BatchReport = Static<typeof VehicleBatchReportSchema>;

export function placeVehicleOnTop(api: RestClient, vehicleId: string, top: boolean): Promise<unknown> {
  return api.put(`${VEHICLE}/update/top`, { vehicleId, top });
}

/** Uploads a sheet; a refusal with rejected rows resolves to that report, other refusals reject. */
export async function addVehiclesFromSheet(api: RestClient, file: File, onProgress?: (sent: number) => void): Promise<BatchReport> {
  const form = new FormData();
  form.append('file', file, file.name);
  try {
    return await api.upload<BatchReport>(`${VEHICLE}/add/batch`, form, onProgress);
  } catch (error) {
    if (error instanceof ApiError && isBatchReport(error.data)) return error.data;
    throw error;
  }
}

function isBatchReport(data: unknown): data is BatchReport {
  return typeof data === 'object' && data !== null && Array.isArray((data as BatchReport).rejected) && Array.isArray((data as BatchReport).added);
}
