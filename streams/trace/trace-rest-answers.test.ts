import { describe, expect, it } from 'vitest';
import { FLEET_LIST_PATH, SNAPSHOT_PATH } from '../api/fleet-calls';
import type { VehicleSnapshot } from '../../contract/api/types';
import { createTraceRestAnswers } from './trace-rest-answers';

const row = (id: string, fleetId: string): VehicleSnapshot => ({
  id,
  name: id,
  sn: id,
  fleetId,
  subFleetId: null,
  depotId: null,
  status: 'normal',
  soc: 50,
  lat: null,
  lng: null,
  alarms: 0,
  lastSeen: '2026-01-01T00:00:00.000Z',
});

describe('trace REST answers', () => {
  it('answers the fleet list, which the trace lacks, with the fleets of the recorded vehicles as a list', () => {
    const answer = createTraceRestAnswers([
      {
        t: 0,
        dir: 'rest',
        method: 'GET',
        path: SNAPSHOT_PATH,
        body: { code: 200, data: { rows: [row('v1', 'north'), row('v2', 'north'), row('v3', ''), row('v4', 'south')], total: 4 } },
      },
    ]);
    expect(answer('GET', FLEET_LIST_PATH, 0)).toEqual({
      code: 200,
      data: [
        { factoryId: 'north', factoryName: 'north' },
        { factoryId: 'south', factoryName: 'south' },
      ],
    });
  });
});
