// Row counts of every entity through the API, to prove a refused write changed nothing.
import { api } from './api-client';

export const entityCounts = async (url: string, token: string) => {
  const total = async (path: string) => (await api<{ total: number }>(url, 'GET', `${path}/query/list`, { token, query: { pageSize: 1 } })).body.data.total;
  return {
    fleets: await total('/customization/fleet/v1'),
    subFleets: await total('/customization/subfleet/v1'),
    depots: await total('/customization/depot/v1'),
    vehicles: await total('/customization/vehicle/v1'),
    accounts: await total('/customization/account/v1'),
    roles: await total('/customization/role/v1'),
  };
};
