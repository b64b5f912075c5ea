// Delivering notifications to contact points, at least once: `deliver` queues one send per recipient
// in the database and this node's worker sends what is due, claiming each send first (a lease) so that
// no other node sends it too. A failed attempt is tried again after a delay that doubles each time;
// after the last one the send is a dead letter, which an administrator may retry. Pending sends
// survive a restart: the worker picks them up on start, and those a dead node held once its lease ends.
import { randomUUID } from 'node:crypto';
import webPush from 'web-push';
import type { ServerConfig } from '../../config';
import type { FleetRepository } from '../../platform/database/fleet-repository';
import type { ContactPointRecord, VapidKeys } from '../contact-points/contact-point-store';
import { channelSenders, type ChannelSenders, type Notification, type SendResult } from './channel-senders';
import type { AttemptResult, DeliveryRecord, NewDelivery } from './notification-store';

export type { Notification } from './channel-senders';

type DeliveryConfig = Pick<ServerConfig, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'notifyAttempts' | 'notifyRetryMs' | 'notifyLeaseMs'>;

export interface NotificationDelivery {
  /** This node's name in the claims it makes. */
  readonly nodeId: string;
  /**
   * Queues the notification for each recipient of the contact point (each e-mail address, the
   * webhook, each subscribed browser) and sends it as soon as it can, retrying with backoff. Calling
   * it again with the same notification id (another node, a restart) queues nothing twice. Answers the
   * sends as queued.
   */
  deliver(point: ContactPointRecord, notification: Notification): Promise<DeliveryRecord[]>;
  /** Sends a test notification now, once, through the real channel; answers the sends with their outcome. */
  sendTest(point: ContactPointRecord, notification: Omit<Notification, 'id' | 'kind'>): Promise<DeliveryRecord[]>;
  /** Puts a dead letter (or a failed test) back in the queue for another round of attempts; false when it was neither. */
  retry(deliveryId: string): Promise<boolean>;
  /** The key browsers subscribe with (base64url), made and stored on first start. */
  vapidPublicKey(): Promise<string>;
  /** Sends every send due now that no other node holds; answers how many it attempted. */
  drain(): Promise<number>;
  /** Makes the VAPID keys if there are none and starts the worker, which catches up on what is due. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface DeliveryParts {
  repo: FleetRepository;
  config: DeliveryConfig;
  now: () => number;
  log: (line: string) => void;
  /** Defaults to a new random name per process. */
  nodeId?: string;
  senders?: ChannelSenders;
}

/** Sends claimed per round of the worker. */
const BATCH = 20;
/** How often the worker looks for sends queued by other nodes (theirs unless they die). */
const POLL_MS = 30_000;
/** The longest one attempt waits for an answer. */
const SEND_TIMEOUT_MS = 10_000;

/** `mailto:` the sender's address, or the public https origin: who the push services may contact. */
const vapidSubject = (config: DeliveryConfig) => {
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address}`;
};

/** The part of a webhook address that may be logged: its origin (the path of a chat webhook is its secret). */
const originOf = (url: string | undefined) => {
  try {
    return new URL(url ?? '').origin;
  } catch {
    return '(no address)';
  }
};

/** The delay before attempt `n + 1` after `n` attempts: the base, doubled each time. */
export const retryDelay = (baseMs: number, attempts: number) => baseMs * 2 ** Math.max(0, attempts - 1);

export const notificationDelivery = ({ repo, config, now, log, nodeId = `node-${randomUUID()}`, senders: given }: DeliveryParts): NotificationDelivery => {
  const senders = given ?? channelSenders({ ...config, timeoutMs: Math.min(SEND_TIMEOUT_MS, config.notifyLeaseMs / 2), vapidSubject: vapidSubject(config) });
  const store = repo.notifications;
  let keys: VapidKeys | null = null;
  const vapid = async () => (keys ??= await repo.contactPoints.vapidKeys(() => webPush.generateVAPIDKeys(), now()));

  /** One row per recipient; a push contact point without browsers gets one row that ends as not sent. */
  const rowsFor = async (point: ContactPointRecord, n: Notification, maxAttempts: number, nextAttemptAt: number): Promise<NewDelivery[]> => {
    const base = {
      notificationId: n.id,
      fleetId: n.fleetId,
      incidentId: n.incidentId ?? null,
      contactPointId: point.id,
      contactPointName: point.name,
      channel: point.kind,
      kind: n.kind,
      severity: n.severity,
      title: n.title,
      payload: JSON.stringify(n),
      maxAttempts,
      createdAt: now(),
      nextAttemptAt,
    };
    switch (point.kind) {
      case 'email':
        return (point.settings.addresses ?? []).map((address) => ({ ...base, recipient: address, target: '' }));
      case 'webhook':
      case 'chat':
        return [{ ...base, recipient: originOf(point.settings.url), target: '' }];
      case 'push': {
        const subs = await repo.contactPoints.subscriptionsOf(point.id);
        if (subs.length === 0) return [{ ...base, recipient: '(no browser subscribed)', target: '' }];
        return subs.map((s) => ({ ...base, recipient: originOf(s.endpoint), target: s.id }));
      }
      case 'outbox':
        return [{ ...base, recipient: '(outbox)', target: '' }];
    }
  };

  const send = async (d: DeliveryRecord, point: ContactPointRecord, n: Notification): Promise<SendResult> => {
    switch (d.channel) {
      case 'email':
        return senders.email(d.recipient, n);
      case 'webhook':
        return senders.webhook(point, d.id, n, d.attempts + 1, now());
      case 'chat':
        return senders.chat(point, n);
      case 'push': {
        const sub = d.target === '' ? null : await repo.contactPoints.subscription(d.target);
        if (!sub || sub.contactPointId !== point.id)
          return { ok: false, gone: true, error: d.target === '' ? 'not sent: no browser is subscribed to this contact point' : 'not sent: the browser unsubscribed' };
        const result = await senders.push(sub, n, await vapid());
        if (!result.ok && result.gone) await repo.contactPoints.dropSubscription(sub.id);
        return result;
      }
      case 'outbox':
        // Kept in the notification log only: the send is its record.
        return { ok: true };
    }
  };

  /** One attempt of a send this node has claimed, and its result written. */
  const attempt = async (id: string) => {
    const d = await store.get(id);
    if (!d) return;
    const n = JSON.parse(d.payload) as Notification;
    const point = await repo.contactPoints.get(d.contactPointId);
    let result: SendResult;
    if (!point) result = { ok: false, gone: true, error: 'not sent: the contact point was deleted' };
    else if (point.kind !== d.channel) result = { ok: false, gone: true, error: `not sent: the contact point is no longer a ${d.channel} one` };
    else {
      try {
        result = await send(d, point, n);
      } catch (err) {
        result = { ok: false, error: err instanceof Error ? err.message : String(err) };
      }
    }
    const at = now();
    const attempts = d.attempts + 1;
    const outcome: AttemptResult = result.ok
      ? { outcome: 'sent', at }
      : result.gone
        ? { outcome: 'not_sent', at, error: result.error }
        : attempts < d.maxAttempts
          ? { outcome: 'pending', at, error: result.error, nextAttemptAt: at + retryDelay(config.notifyRetryMs, attempts) }
          : { outcome: d.kind === 'test' ? 'failed' : 'dead', at, error: result.error };
    if (outcome.outcome === 'dead')
      log(`Notification ${d.notificationId} to ${d.channel} ${d.recipient} given up after ${attempts} attempts: ${result.ok ? '' : result.error}`);
    if (!(await store.finish(id, nodeId, outcome))) log(`Notification send ${id}: the claim ran out before the attempt ended`);
  };

  const drain = async () => {
    let attempted = 0;
    for (;;) {
      const ids = await store.due(now(), BATCH);
      let claimed = 0;
      for (const id of ids) {
        if (closed) return attempted;
        const at = now();
        if (!(await store.claim(id, nodeId, at, at + config.notifyLeaseMs))) continue;
        claimed++;
        await attempt(id);
        attempted++;
      }
      if (claimed === 0) return attempted;
    }
  };

  /** Not started yet, or stopped: the worker does not run (a direct `drain` does, until stopped). */
  let stopped = true;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;

  /** Next round: when the earliest send is due or a lease runs out, at least every POLL_MS. */
  const schedule = async () => {
    const wake = await store.nextWake(now());
    if (stopped) return;
    const delay = wake === null ? POLL_MS : Math.min(POLL_MS, Math.max(5, wake - now()));
    timer = setTimeout(kick, delay);
    timer.unref();
  };

  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = drain()
      .then(() => undefined)
      .catch((err: unknown) => log(`Notification delivery: ${err instanceof Error ? err.message : String(err)}`))
      .then(async () => {
        running = null;
        if (again) {
          again = false;
          return kick();
        }
        await schedule().catch((err: unknown) => log(`Notification delivery: ${String(err)}`));
      });
  };

  return {
    nodeId,
    deliver: async (point, n) => {
      const queued = await store.enqueue(await rowsFor(point, n, config.notifyAttempts, now()));
      kick();
      return queued;
    },
    sendTest: async (point, given) => {
      const n: Notification = { ...given, id: `test-${randomUUID()}`, kind: 'test' };
      // Due only once the lease would have run out: this call sends it, the worker only if this node dies first.
      const queued = await store.enqueue(await rowsFor(point, n, 1, now() + config.notifyLeaseMs));
      await Promise.all(
        queued.map(async (d) => {
          const at = now();
          if (await store.claim(d.id, nodeId, at, at + config.notifyLeaseMs)) await attempt(d.id);
        }),
      );
      return (await Promise.all(queued.map((d) => store.get(d.id)))).filter((d): d is DeliveryRecord => d !== null);
    },
    retry: async (id) => {
      const done = await store.retry(id, config.notifyAttempts, now());
      if (done) kick();
      return done;
    },
    vapidPublicKey: async () => (await vapid()).publicKey,
    drain,
    start: async () => {
      await vapid();
      stopped = false;
      kick();
    },
    stop: async () => {
      stopped = true;
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
      senders.close();
    },
  };
};
