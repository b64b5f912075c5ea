// The notification pages' types and calls beyond the resources' list/create/update/delete: ending a
// silence now and retrying a dead letter (or a failed test).
import type { Static } from '@sinclair/typebox';
import type { RestClient } from '../../contract/api/types';
import { MUTE_TIMING_API, type MuteTimingCreateSchema, type MuteTimingSchema, type MuteTimingUpdateSchema } from '../../contract/entities/mute-timing';
import { NOTIFICATION_API, type NotificationDeliverySchema } from '../../contract/entities/notification';
import { SILENCE_API, type SilenceCreateSchema, type SilenceSchema, type SilenceUpdateSchema } from '../../contract/entities/silence';

export type Silence = Static<typeof SilenceSchema>;
export type SilenceCreate = Static<typeof SilenceCreateSchema>;
export type SilenceUpdate = Static<typeof SilenceUpdateSchema>;
export type MuteTiming = Static<typeof MuteTimingSchema>;
export type MuteTimingCreate = Static<typeof MuteTimingCreateSchema>;
export type MuteTimingUpdate = Static<typeof MuteTimingUpdateSchema>;
export type Delivery = Static<typeof NotificationDeliverySchema>;

export const SILENCE_BASE = SILENCE_API.base;
export const MUTE_TIMING_BASE = MUTE_TIMING_API.base;
/** The notification log: its list is `query/list` like any collection's. */
export const NOTIFICATION_BASE = NOTIFICATION_API.base;

/** Ends a silence now; one not started yet never starts. It stays listed as expired. */
export const expireSilence = (api: RestClient, silenceId: string): Promise<Silence> => api.post<Silence>(`${SILENCE_BASE}/update/expire`, { silenceId });

/** Queues a dead letter (or a failed test) for another round of attempts; answers it as queued. */
export const retryDelivery = (api: RestClient, deliveryId: string): Promise<Delivery> => api.post<Delivery>(`${NOTIFICATION_BASE}/update/retry`, { deliveryId });
