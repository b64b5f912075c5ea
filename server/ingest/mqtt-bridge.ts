import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { NO_OWNER, vehicleOf, type DeviceReply, type DeviceRequest } from '../platform/bus/fleet-bus';
import type { FleetSimulator, SimAlarmEvent, SimFrame } from '../sim/types';
import { decodeTelemetry, MQTT_DROP_REASONS, mqttTopics, requestToWire, type MqttDropReason } from './mqtt-codec';

export interface MqttBridgeOptions {
  url: string;
  prefix: string;
  nodeId: string;
  /** The vehicle with this serial number, and back. */
  vehicleIdOf: (sn: string) => string | undefined;
  snOf: (vehicleId: string) => string | undefined;
  requestTimeoutMs?: number;
}

export interface IngestStats {
  received: number;
  dropped: Record<MqttDropReason, number>;
}

/**
 * An API node's link to the gateways on an MQTT broker. Bridges share the telemetry subscription, so
 * each message is taken in by one node of the cluster; commands go to a gateway as MQTT 5
 * request/response with this node's reply topic.
 */
export class MqttBridge implements Pick<FleetSimulator, 'onFrame' | 'onAlarm'> {
  readonly stats: IngestStats = { received: 0, dropped: Object.fromEntries(MQTT_DROP_REASONS.map((r) => [r, 0])) as Record<MqttDropReason, number> };
  private readonly frameListeners = new Set<(frame: SimFrame) => void>();
  private readonly alarmListeners = new Set<(event: SimAlarmEvent) => void>();
  private readonly gatewayListeners = new Set<() => void>();
  private readonly waiting = new Map<string, (reply: DeviceReply) => void>();
  private readonly topics: ReturnType<typeof mqttTopics>;
  private readonly replyTopic: string;

  private constructor(
    private readonly client: MqttClient,
    private readonly opts: MqttBridgeOptions,
  ) {
    this.topics = mqttTopics(opts.prefix);
    this.replyTopic = this.topics.reply(opts.nodeId);
    client.on('message', (topic, payload, packet) => {
      if (topic === this.replyTopic) this.answer(payload, packet.properties?.correlationData);
      else if (topic === this.topics.online) for (const l of this.gatewayListeners) l();
      else this.take(topic, payload);
    });
  }

  static async connect(opts: MqttBridgeOptions): Promise<MqttBridge> {
    const client = await mqtt.connectAsync(opts.url, { protocolVersion: 5, clientId: `fleet-node-${opts.nodeId}`, reconnectPeriod: 1000 });
    const bridge = new MqttBridge(client, opts);
    const shared = (filter: string) => `$share/${opts.prefix.replace(/[/+#]/g, '_')}-bridges/${filter}`;
    await client.subscribeAsync([...bridge.topics.telemetry.map(shared), shared(bridge.topics.online)], { qos: 0 });
    await client.subscribeAsync(bridge.replyTopic, { qos: 0 });
    return bridge;
  }

  onFrame(listener: (frame: SimFrame) => void): () => void {
    this.frameListeners.add(listener);
    return () => this.frameListeners.delete(listener);
  }

  onAlarm(listener: (event: SimAlarmEvent) => void): () => void {
    this.alarmListeners.add(listener);
    return () => this.alarmListeners.delete(listener);
  }

  /** A gateway process announced it (re)started: what it reported as open before is history. */
  onGatewayOnline(listener: () => void): () => void {
    this.gatewayListeners.add(listener);
    return () => this.gatewayListeners.delete(listener);
  }

  /** Asks every gateway to report each vehicle's status again (a node joined and knows none). */
  resync(): void {
    this.client.publish(this.topics.resync, '{}');
  }

  /** Passes a device request to the vehicle's gateway and waits for its answer. */
  request = (req: DeviceRequest): Promise<DeviceReply | null> => {
    const sn = this.opts.snOf(vehicleOf(req));
    if (!sn) return Promise.resolve(null);
    const id = randomUUID();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        resolve(NO_OWNER);
      }, this.opts.requestTimeoutMs ?? 5_000);
      this.waiting.set(id, (reply) => {
        clearTimeout(timer);
        resolve(reply);
      });
      this.client.publish(this.topics.command(sn), requestToWire(req), {
        qos: 1,
        properties: { responseTopic: this.replyTopic, correlationData: Buffer.from(id) },
      });
    });
  };

  async close(): Promise<void> {
    await this.client.endAsync();
  }

  private take(topic: string, payload: Buffer): void {
    this.stats.received++;
    const t = decodeTelemetry(this.opts.prefix, topic, payload, this.opts.vehicleIdOf);
    if ('drop' in t) this.stats.dropped[t.drop]++;
    else if ('frame' in t) for (const l of this.frameListeners) l(t.frame);
    else for (const l of this.alarmListeners) l(t.alarm);
  }

  private answer(payload: Buffer, correlation: Buffer | undefined): void {
    const settle = correlation && this.waiting.get(correlation.toString());
    if (!settle) return;
    this.waiting.delete(correlation.toString());
    try {
      settle(JSON.parse(payload.toString()) as DeviceReply);
    } catch {
      settle({ ok: false, msg: 'The gateway answered with something unreadable' });
    }
  }
}
