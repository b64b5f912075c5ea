import { describe, expect, it } from 'vitest';
import { fakeFetch, ok } from '../testing/fake-api';
import { createGroupOperationCalls } from './group-operation-calls';
import { createRestClient } from './rest-client';
import type { GroupLog, GroupLogDetail } from '../../contract/api/types';
import type { Resource } from './resource';

function setUp() {
  const calls: string[] = [];
  const bodies: unknown[] = [];
  const answer = (_url: URL, init: RequestInit) => {
    bodies.push(JSON.parse(String(init.body)));
    return Response.json(ok({ id: '7', rows: [] }));
  };
  const { client } = createRestClient({
    apiBase: '/api',
    fetch: fakeFetch(
      {
        'POST /customization/grouplog/v1/add/firmware': answer,
        'POST /customization/grouplog/v1/add/setting': answer,
        'POST /customization/grouplog/v1/add/transfer': answer,
        'POST /customization/grouplog/v1/update/retry': answer,
      },
      calls,
    ),
    token: () => 'tok',
    timeoutMs: 1000,
  });
  const refreshed: string[] = [];
  const resource = (name: string) => ({ refresh: () => refreshed.push(name) });
  const groupLogs = resource('groupLogs') as unknown as Resource<GroupLog, GroupLogDetail>;
  const ops = createGroupOperationCalls(client, groupLogs, [resource('vehicles'), resource('fleets')]);
  return { ops, calls, bodies, refreshed };
}

describe('group operation calls', () => {
  it('restore defaults is the restore_fac setting on every selected vehicle, and reloads the group log', async () => {
    const { ops, bodies, refreshed } = setUp();
    await ops.restoreDefaults(['v1', 'v2'], { deviceType: 'inv', deviceId: 0 });
    expect(bodies).toEqual([{ vehicleIds: ['v1', 'v2'], deviceType: 'inv', deviceId: 0, setting: 'restore_fac', value: 1 }]);
    expect(refreshed).toEqual(['groupLogs']);
  });

  it('a firmware update names the device and version', async () => {
    const { ops, bodies, calls } = setUp();
    await ops.updateFirmware(['v1'], { deviceType: 'mppt', deviceId: 1 }, '3.1.0');
    expect(calls).toEqual(['POST /api/customization/grouplog/v1/add/firmware']);
    expect(bodies).toEqual([{ vehicleIds: ['v1'], deviceType: 'mppt', deviceId: 1, version: '3.1.0' }]);
  });

  it('a transfer and a retry reload the lists that show where vehicles are', async () => {
    const { ops, bodies, refreshed } = setUp();
    await ops.transfer(['v1'], { fleetId: 'f2', subFleetId: null, depotId: 'd9' });
    expect(bodies[0]).toEqual({ vehicleIds: ['v1'], fleetId: 'f2', subFleetId: null, depotId: 'd9' });
    expect(refreshed).toEqual(['groupLogs', 'vehicles', 'fleets']);
    await ops.retryFailed('7');
    expect(bodies[1]).toEqual({ logId: '7' });
  });
});
