import type { ContactPointKind } from '../../../contract/entities/contact-point';

/** A contact point's kind, or a send's channel, as the notification pages name it. */
export const CONTACT_POINT_KIND_LABEL: Record<ContactPointKind, string> = {
  email: 'E-mail',
  webhook: 'Webhook',
  chat: 'Chat',
  push: 'Browser push',
  outbox: 'Outbox',
};
