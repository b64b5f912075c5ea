import type { Page, RestClient, ShareAccess, ShareInfo } from '../../contract/api/types';
import { SHARE_API } from '../../contract/entities/share';

/** Who a share link opens and whether it asks for a password; answered without a session. */
/** Quiet: the share page says itself, in the product's words, that a link is invalid. */
export const fetchShareInfo = (api: RestClient, account: string): Promise<ShareInfo> => api.get<ShareInfo>(`${SHARE_API.base}/get/info`, { account }, { quiet: true });

/** One page of a share's access log (the owner's view; the account names the share). */
export const fetchShareAccess = (api: RestClient, account: string, page: { pageNum: number; pageSize: number }): Promise<Page<ShareAccess>> =>
  api.get<Page<ShareAccess>>(`${SHARE_API.base}/query/access`, { account, ...page });
