import type { ListQuery } from '../../../streams/api/resource';

/** /users/role shows accounts or roles; `tab` is kept in the URL with the list's filters. */
export type UsersRolesTab = 'accounts' | 'roles';

/** The list's query without the tab, which is the page's, not the server's. */
export const withoutTab = (query: ListQuery): ListQuery => {
  const { tab: _tab, ...filters } = query.filters ?? {};
  return { ...query, filters };
};
