import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { readVehicleSheet, type SheetRow, SheetsBusy } from '../../fleet/batch-sheet';
import { SheetRefusal } from '../../fleet/sheet-archive';
import { isSpreadsheet } from '../../../contract/spreadsheet-file';
import { KIND_DEFAULTS } from '../../fleet/vehicle-kinds';
import { addVehicles } from '../../fleet/vehicle-lifecycle';
import { checkPlacement } from '../../fleet/vehicle-placement';
import { deviceRecords } from '../../fleet/vehicle-devices';
import { turnTaker } from '../../fleet/turn-taker';
import { ApiError, badRequest } from '../../platform/http/api-error';
import { accountOf } from '../../platform/http/actor-of';
import { Failure, enveloped } from '../../platform/http/envelope';
import type { TypeBoxProvider } from '../../platform/http/type-provider';
import { scope } from '../../platform/http/scope-policy';
import { MAX_UPLOAD_BYTES, MAX_UPLOAD_FIELDS } from '../../platform/http/upload-limits';
import type { ServerContext } from '../../server-context';
import type { DepotRecord } from '../depots/depot-store';
import type { SubFleetRecord } from '../sub-fleets/sub-fleet-store';
import type { DeviceRecord, VehicleRecord } from './vehicle-store';
import type { VehicleKind } from '../../sim/types';
import { VehicleBatchReportSchema as BatchReport, VEHICLE_API } from '../../../contract/entities/vehicle';

const KINDS: VehicleKind[] = ['van', 'rv', 'bus', 'boat'];
const SN_RULE = /^[A-Za-z0-9-]{1,40}$/;

/**
 * Batch add from an uploaded .xls/.xlsx (multipart field `file`). Columns: name, sn, fleet (name or id),
 * sub-fleet, depot (names or ids, optional), kind (van, rv, bus, boat; default van). All rows or none.
 */
export const registerVehicleBatchRoute = (app: FastifyInstance, ctx: ServerContext) => {
  app.withTypeProvider<TypeBoxProvider>().post(
    `${VEHICLE_API.base}/add/batch`,
    {
      config: {
        access: { permission: VEHICLE_API.permissions.edit },
        scope: scope.filtered("each row's placement is checked by the vehicle placement rules, and refused rows are listed"),
      },
      schema: {
        tags: ['vehicles'],
        summary: 'Batch add vehicles from a .xls or .xlsx file (multipart field "file"); any rejected row rejects the file (400 with the report)',
        consumes: ['multipart/form-data'],
        response: { 200: enveloped(BatchReport), 400: Type.Union([enveloped(BatchReport), Failure]), '4xx': Failure, '5xx': Failure },
      },
    },
    async (req, reply) => {
      const actor = accountOf(req);
      if (!req.isMultipart()) throw badRequest('file: upload the sheet as multipart/form-data');
      const file = await req.file().catch((err: Error & { code?: string }) => {
        const crowded = err.code === 'FST_FIELDS_LIMIT' || err.code === 'FST_PARTS_LIMIT' || err.code === 'FST_FILES_LIMIT';
        throw crowded ? badRequest(`file: send the sheet alone (one file, at most ${MAX_UPLOAD_FIELDS} other fields)`) : err;
      });
      if (!file) throw badRequest('file: missing');
      const bytes = await file.toBuffer().catch((err: Error & { code?: string }) => {
        throw err.code === 'FST_REQ_FILE_TOO_LARGE' ? badRequest(`file: too large, at most ${MAX_UPLOAD_BYTES / 1024 / 1024} MB`) : err;
      });
      if (!isSpreadsheet(file.filename, bytes)) throw badRequest('file: only xls or xlsx files can be imported');
      // A client that leaves stops the reading of its sheet.
      const gone = new AbortController();
      reply.raw.once('close', () => reply.raw.writableEnded || gone.abort(new Error('the client went away')));
      let rows: SheetRow[];
      try {
        rows = await readVehicleSheet(bytes, gone.signal);
      } catch (err) {
        if (err instanceof SheetsBusy) throw new ApiError(429, 'file: other spreadsheets are being read, please try again in a minute');
        throw badRequest(`file: ${err instanceof SheetRefusal ? err.message : 'the spreadsheet cannot be read'}`);
      }
      if (rows.length === 0) throw badRequest('file: the sheet has no vehicle rows');

      // Every fleet, so that an out-of-scope fleet is reported as such rather than as unknown.
      const { rows: fleets } = await ctx.repo.fleets.page({ scope: { all: true } }, { pageNum: 1, pageSize: 10_000 });
      const fleetByKey = new Map(fleets.flatMap((f) => [[f.id, f] as const, [f.name.toLowerCase(), f] as const]));
      const seenSn = new Set<string>();
      const added: Array<{ row: number; name: string; sn: string; vehicleId: string }> = [];
      const rejected: Array<{ row: number; name: string; sn: string; reasons: string[] }> = [];
      const toAdd: Array<{ vehicle: VehicleRecord; devices: DeviceRecord[] }> = [];
      const createdAt = new Date(ctx.now()).toISOString();
      // Each fleet's sub-fleets and depots, read once per file rather than once per row.
      const placementsOf = new Map<string, { subFleets: SubFleetRecord[]; depots: DepotRecord[] }>();
      const placements = async (fleetId: string) => {
        let found = placementsOf.get(fleetId);
        if (!found) {
          const [subFleets, depots] = await Promise.all([
            ctx.repo.subFleets.page({ scope: { all: true }, fleetId }, { pageNum: 1, pageSize: 10_000 }),
            ctx.repo.depots.page({ scope: { all: true }, fleetId }, { pageNum: 1, pageSize: 10_000 }),
          ]);
          found = { subFleets: subFleets.rows, depots: depots.rows };
          placementsOf.set(fleetId, found);
        }
        return found;
      };

      // The checks query the database row by row; other requests get turns in between.
      const pause = turnTaker();
      for (const { row, cells } of rows) {
        await pause();
        const name = cells.name ?? '';
        const sn = cells.sn ?? '';
        const reasons: string[] = [];
        if (!name) reasons.push('missing name');
        else if (name.length > 20) reasons.push('name longer than 20 characters');
        if (!sn) reasons.push('missing S/N');
        else if (!SN_RULE.test(sn)) reasons.push('S/N may hold only letters, digits and "-" (40 at most)');
        else if (seenSn.has(sn.toLowerCase())) reasons.push('duplicate S/N in the file');
        else if (await ctx.repo.vehicles.bySn(sn)) reasons.push('duplicate S/N: already registered');
        seenSn.add(sn.toLowerCase());
        const kind = (cells.kind || 'van').toLowerCase() as VehicleKind;
        if (!KINDS.includes(kind)) reasons.push(`unknown kind "${cells.kind}"`);
        const fleet = fleetByKey.get(cells.fleet ?? '') ?? fleetByKey.get((cells.fleet ?? '').toLowerCase());
        let vehicle: VehicleRecord | null = null;
        if (!cells.fleet) reasons.push('missing fleet');
        else if (!fleet) reasons.push(`unknown fleet "${cells.fleet}"`);
        else {
          const inFleet = await placements(fleet.id);
          const lookup = (kindName: 'subFleets' | 'depots', key: string | undefined) => {
            if (!key) return null;
            return inFleet[kindName].find((x) => x.id === key || x.name.toLowerCase() === key.toLowerCase())?.id ?? undefined;
          };
          const subFleetId = lookup('subFleets', cells.subFleet);
          const depotId = lookup('depots', cells.depot);
          if (subFleetId === undefined) reasons.push(`unknown sub-fleet "${cells.subFleet}" in ${fleet.name}`);
          if (depotId === undefined) reasons.push(`unknown depot "${cells.depot}" in ${fleet.name}`);
          if (subFleetId !== undefined && depotId !== undefined) {
            const placed = await checkPlacement(ctx.repo, actor, { fleetId: fleet.id, subFleetId, depotId });
            if (placed.error !== null) reasons.push(placed.error);
            else if (KINDS.includes(kind)) {
              vehicle = {
                id: `veh-${randomUUID()}`,
                name,
                sn,
                kind,
                fleetId: fleet.id,
                subFleetId,
                depotId,
                ...KIND_DEFAULTS[kind],
                homeLat: placed.home.lat,
                homeLng: placed.home.lng,
                createdAt,
              };
            }
          }
        }
        if (reasons.length > 0 || !vehicle) {
          rejected.push({ row, name, sn, reasons });
          continue;
        }
        toAdd.push({ vehicle, devices: deviceRecords(vehicle, (shipped) => shipped[shipped.length - 1] as string) });
        added.push({ row, name, sn, vehicleId: vehicle.id });
      }

      if (rejected.length > 0) {
        return reply.code(400).send({
          code: 400,
          msg: `No vehicle was added: ${rejected.length} of ${rows.length} rows are invalid`,
          data: { added: [], rejected },
        });
      }
      await addVehicles(ctx, toAdd);
      return { code: 200, msg: 'Added', data: { added, rejected } };
    },
  );
};
