// Contact points beyond the resource's list/get/create/update/delete: "Send test", which sends a
// test notification now and answers its outcome per recipient.
import type { Static } from '@sinclair/typebox';
import type { RestClient } from '../../contract/api/types';
import { CONTACT_POINT_API, type ContactPointCreateSchema, type ContactPointSchema, type ContactPointUpdateSchema } from '../../contract/entities/contact-point';
import type { DeliveryOutcome, NotificationDeliverySchema } from '../../contract/entities/notification';

export type ContactPoint = Static<typeof ContactPointSchema>;
export type ContactPointCreate = Static<typeof ContactPointCreateSchema>;
export type ContactPointUpdate = Static<typeof ContactPointUpdateSchema>;
export type NotificationDelivery = Static<typeof NotificationDeliverySchema>;

/** What a test send did: `sent` when every recipient took it; `msg` is the server's line (the first error). */
export interface ContactPointTest {
  outcome: DeliveryOutcome;
  deliveries: NotificationDelivery[];
  msg: string;
}

export const CONTACT_POINT_BASE = CONTACT_POINT_API.base;

export const sendContactPointTest = async (api: RestClient, contactPointId: string): Promise<ContactPointTest> => {
  const data = await api.post<Omit<ContactPointTest, 'msg'>>(`${CONTACT_POINT_BASE}/send/test`, { contactPointId });
  const first = data.deliveries.find((d) => d.error !== null);
  return { ...data, msg: data.outcome === 'sent' ? 'Test sent' : (first?.error ?? 'Test not sent') };
};
