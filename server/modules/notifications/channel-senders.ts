// How one attempt goes out on each channel: an e-mail through the configured SMTP server, a signed
// JSON webhook, a chat webhook's `{ "text" }`, or an encrypted Web Push message signed with the
// server's VAPID keys. Each answers what happened; none retries (the delivery queue does).
import { createHmac } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import webPush from 'web-push';
import type { ContactPointRecord, PushSubscriptionRecord, VapidKeys } from '../contact-points/contact-point-store';

/** What a notification says; `at` in epoch milliseconds. */
export interface Notification {
  /** Stable across retries and across nodes: the dispatcher's id of this notification. */
  id: string;
  title: string;
  text: string;
  severity: 'critical' | 'major' | 'minor';
  fleetId: string;
  incidentId?: string;
  /** Where the console shows it (an incident's page). */
  url?: string;
  kind: 'firing' | 'resolved' | 'test';
  at: number;
}

/** sent; failed: worth another attempt; gone: nothing to send through (no SMTP, an expired subscription), never retried. */
export type SendResult = { ok: true } | { ok: false; error: string; gone?: true };

/** The headers a webhook's receiver checks (docs/api.md, "Webhook body and signature"). */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

/** `v1=<hex HMAC-SHA256 over "<timestamp>.<raw body>" with the secret>`. */
export const webhookSignature = (secret: string, timestamp: number, rawBody: string): string =>
  `v1=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;

/** The JSON a webhook contact point receives. */
export const webhookBody = (deliveryId: string, point: Pick<ContactPointRecord, 'id' | 'name'>, n: Notification, attempt: number) => ({
  id: deliveryId,
  notificationId: n.id,
  type: n.kind,
  fleetId: n.fleetId,
  incidentId: n.incidentId ?? null,
  severity: n.severity,
  title: n.title,
  text: n.text,
  url: n.url ?? null,
  at: new Date(n.at).toISOString(),
  contactPoint: { id: point.id, name: point.name },
  attempt,
});

const LABEL: Record<Notification['kind'], string> = { firing: 'FIRING', resolved: 'RESOLVED', test: 'TEST' };

/** A mail's subject and a chat message's first line: `[FIRING critical] Title`. */
export const headline = (n: Notification) => `[${LABEL[n.kind]} ${n.severity}] ${n.title}`;

/** The plain text a mail or a chat message carries: headline (chat only), text, link. */
const plainText = (n: Notification) => [n.text, ...(n.url ? [n.url] : [])].join('\n\n');

/** The body Slack and Microsoft Teams incoming webhooks both take. */
export const chatBody = (n: Notification) => ({ text: `*${headline(n)}*\n${plainText(n)}` });

/** A failed answer in a line: its status and the start of its body. */
const answerError = async (res: Response) => {
  const body = (await res.text().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
  return `HTTP ${res.status}${body ? `: ${body}` : ''}`;
};

const errorText = (err: unknown) => {
  if (err instanceof Error && err.name === 'TimeoutError') return 'no answer in time';
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return `${err instanceof Error ? err.message : String(err)}${cause}`;
};

const post = async (url: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<SendResult> => {
  try {
    const res = await fetch(url, { method: 'POST', body, headers, signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    if (res.ok) {
      await res.arrayBuffer();
      return { ok: true };
    }
    return { ok: false, error: await answerError(res) };
  } catch (err) {
    return { ok: false, error: errorText(err) };
  }
};

export interface ChannelSenders {
  email(to: string, n: Notification): Promise<SendResult>;
  webhook(point: ContactPointRecord, deliveryId: string, n: Notification, attempt: number, now: number): Promise<SendResult>;
  chat(point: ContactPointRecord, n: Notification): Promise<SendResult>;
  push(sub: PushSubscriptionRecord, n: Notification, keys: VapidKeys): Promise<SendResult>;
  close(): void;
}

export const NO_SMTP = 'not sent: no SMTP configured (set FLEET_SMTP_URL)';

/** The channels as configured: mail through `smtpUrl` (none: not sent), posts given up after `timeoutMs`. */
export const channelSenders = (config: { smtpUrl: string | null; mailFrom: string; timeoutMs: number; vapidSubject: string }): ChannelSenders => {
  const transport: Transporter | null = config.smtpUrl
    ? createTransport({ url: config.smtpUrl, connectionTimeout: config.timeoutMs, greetingTimeout: config.timeoutMs, socketTimeout: config.timeoutMs })
    : null;
  return {
    email: async (to, n) => {
      if (!transport) return { ok: false, error: NO_SMTP, gone: true };
      try {
        await transport.sendMail({ from: config.mailFrom, to, subject: headline(n), text: plainText(n) });
        return { ok: true };
      } catch (err) {
        return { ok: false, error: errorText(err) };
      }
    },
    webhook: (point, deliveryId, n, attempt, now) => {
      const raw = JSON.stringify(webhookBody(deliveryId, point, n, attempt));
      const timestamp = Math.floor(now / 1000);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': 'FleetConsole-Webhook/1',
        [WEBHOOK_HEADERS.id]: deliveryId,
        [WEBHOOK_HEADERS.timestamp]: String(timestamp),
        ...(point.settings.secret ? { [WEBHOOK_HEADERS.signature]: webhookSignature(point.settings.secret, timestamp, raw) } : {}),
      };
      return post(point.settings.url ?? '', raw, headers, config.timeoutMs);
    },
    chat: (point, n) => post(point.settings.url ?? '', JSON.stringify(chatBody(n)), { 'content-type': 'application/json' }, config.timeoutMs),
    push: async (sub, n, keys) => {
      const payload = JSON.stringify({ title: headline(n), body: n.text, url: n.url ?? null, tag: n.id, kind: n.kind, severity: n.severity });
      // The request web-push builds (aes128gcm body, VAPID Authorization, TTL), sent with fetch so
      // that any push service address works, http ones included.
      const request = webPush.generateRequestDetails({ endpoint: sub.endpoint, keys: sub.keys }, payload, {
        vapidDetails: { subject: config.vapidSubject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: n.kind === 'firing' ? 24 * 3600 : 3600,
        urgency: n.severity === 'critical' && n.kind === 'firing' ? 'high' : 'normal',
      });
      try {
        const res = await fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          body: new Uint8Array(request.body),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
        if (res.ok) {
          await res.arrayBuffer();
          return { ok: true };
        }
        // The browser unsubscribed or the subscription expired: it will never take one again.
        if (res.status === 404 || res.status === 410) return { ok: false, error: `subscription gone (${await answerError(res)})`, gone: true };
        return { ok: false, error: await answerError(res) };
      } catch (err) {
        return { ok: false, error: errorText(err) };
      }
    },
    close: () => transport?.close(),
  };
};
