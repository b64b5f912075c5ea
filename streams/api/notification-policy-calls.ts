// A fleet's notification policy tree (read whole, replaced whole), the names of its mute timings the
// tree editor offers, and the signed-in person's own "my notifications" (issue 31).
import type { RestClient } from '../../contract/api/types';
import { MUTE_TIMING_API } from '../../contract/entities/mute-timing';
import { NOTIFICATION_POLICY_API, type NotificationPolicy } from '../../contract/entities/notification-policy';
import { NOTIFICATION_PREFERENCE_API, type NotificationPreference } from '../../contract/entities/notification-preference';
import { MAX_PAGE_SIZE } from './resource';

export type { NotificationPolicy, NotificationPreference };

export interface NotificationPolicyTree {
  fleetId: string;
  policies: NotificationPolicy[];
  updatedAt: string | null;
  updatedBy: string | null;
}

export interface SavedNotificationPreference extends NotificationPreference {
  updatedAt: string | null;
}

/** A mute timing as a policy names it. */
export interface MuteTimingName {
  id: string;
  name: string;
}

export const fetchPolicyTree = (api: RestClient, fleetId: string, signal?: AbortSignal) =>
  api.get<NotificationPolicyTree>(`${NOTIFICATION_POLICY_API.base}/get/tree`, { fleetId }, { signal });

export const savePolicyTree = (api: RestClient, fleetId: string, policies: NotificationPolicy[]) =>
  api.put<NotificationPolicyTree>(`${NOTIFICATION_POLICY_API.base}/update/tree`, { fleetId, policies });

export const fetchMuteTimingNames = async (api: RestClient, fleetId: string, signal?: AbortSignal): Promise<MuteTimingName[]> => {
  const page = await api.get<{ rows: MuteTimingName[] }>(`${MUTE_TIMING_API.base}/query/list`, { fleetId, pageNum: 1, pageSize: MAX_PAGE_SIZE }, { signal });
  return page.rows.map(({ id, name }) => ({ id, name }));
};

export const fetchMyNotifications = (api: RestClient) => api.get<SavedNotificationPreference>(`${NOTIFICATION_PREFERENCE_API.base}/get/mine`);

export const saveMyNotifications = (api: RestClient, preference: NotificationPreference) =>
  api.put<SavedNotificationPreference>(`${NOTIFICATION_PREFERENCE_API.base}/update/mine`, preference);
