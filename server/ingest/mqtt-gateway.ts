import type { MqttClient } from 'mqtt';
import type { DeviceRequestHandler } from '../platform/bus/fleet-bus';
import type { FleetSimulator } from '../sim/types';
import { encodeAlarm, encodeFrame, mqttTopics, requestFromWire } from './mqtt-codec';

export interface GatewayOptions {
  client: MqttClient;
  prefix: string;
  sim: FleetSimulator;
  /** Answers commands for the vehicles the model holds. */
  devices: DeviceRequestHandler;
  snOf: (vehicleId: string) => string | undefined;
  vehicleIdOf: (sn: string) => string | undefined;
  /** Every vehicle the model holds, for a status resync. */
  vehicleIds: () => Iterable<string>;
  now: () => number;
  /** Default MAX_BACKLOG_BYTES. */
  maxBacklogBytes?: number;
}

/**
 * Bytes waiting to leave on the broker connection above which the model holds its steps: about three
 * shard steps of 50,000 vehicles (some 300 bytes a message), which a broker keeping up takes in well within a tick.
 */
const MAX_BACKLOG_BYTES = 2 * 1024 * 1024;

export interface Gateways {
  /** Frames published since the start. */
  published(): number;
  /**
   * Whether frames pile up faster than the broker takes them: the connection is down, or more than
   * maxBacklogBytes wait in it. The model then holds its steps instead of queueing without bound.
   */
  backedUp(): boolean;
  /** Resolves once what was published so far has left (the connection's buffer drained). */
  drained(): Promise<void>;
  stop(): void;
}

/**
 * The fleet model speaking MQTT like one DTU gateway per vehicle: what it emits is published under the
 * vehicle's S/N, and commands on `<prefix>/dtu/<sn>/cmd` are answered on the MQTT 5 response topic.
 */
export const runGateways = async ({
  client,
  prefix,
  sim,
  devices,
  snOf,
  vehicleIdOf,
  vehicleIds,
  now,
  maxBacklogBytes = MAX_BACKLOG_BYTES,
}: GatewayOptions): Promise<Gateways> => {
  const topics = mqttTopics(prefix);
  let published = 0;
  // A model step emits thousands of frames at once: they leave in one socket write, not one each.
  let corked = false;
  const offFrames = sim.onFrame((frame) => {
    const sn = snOf(frame.data.vehicleId);
    if (!sn) return;
    const { topic, payload } = encodeFrame(frame, sn, prefix);
    if (!corked) {
      corked = true;
      const stream = client.stream;
      stream.cork();
      process.nextTick(() => {
        corked = false;
        stream.uncork();
      });
    }
    client.publish(topic, payload);
    published++;
  });
  const offAlarms = sim.onAlarm((event) => {
    const sn = snOf(event.alarm.vehicleId);
    if (!sn) return;
    const { topic, payload } = encodeAlarm(event, sn, prefix);
    client.publish(topic, payload, { qos: 1 });
  });
  let lastResync = 0;
  const onMessage = (topic: string, payload: Buffer, packet: { properties?: { responseTopic?: string; correlationData?: Buffer } }) => {
    if (topic === topics.resync) {
      // Several nodes joining at once share one resync.
      if (now() - lastResync < 2_000) return;
      lastResync = now();
      for (const id of vehicleIds()) {
        const status = sim.status(id);
        const sn = snOf(id);
        if (!status || !sn) continue;
        const message = encodeFrame({ cmd: 19, data: status }, sn, prefix);
        client.publish(message.topic, message.payload);
      }
      return;
    }
    const sn = topic.slice(`${prefix}/dtu/`.length, -'/cmd'.length);
    const vehicleId = vehicleIdOf(sn);
    const req = vehicleId ? requestFromWire(payload, vehicleId) : null;
    const responseTopic = packet.properties?.responseTopic;
    const answer = (reply: unknown) =>
      responseTopic && client.publish(responseTopic, JSON.stringify(reply), { qos: 1, properties: { correlationData: packet.properties?.correlationData } });
    if (!req) {
      answer({ ok: false, msg: vehicleId ? 'Unreadable command' : 'Unknown vehicle' });
      return;
    }
    void devices(req).then((reply) => answer(reply ?? { ok: false, msg: 'Unknown vehicle' }));
  };
  client.on('message', onMessage);
  await client.subscribeAsync([topics.allCommands, topics.resync], { qos: 1 });
  client.publish(topics.online, '{}', { qos: 1 });
  return {
    published: () => published,
    backedUp: () => !client.connected || client.stream.writableLength > maxBacklogBytes,
    drained: () =>
      new Promise<void>((resolve) => {
        // Corked writes are uncorked on the next tick; after it, a full buffer says so.
        process.nextTick(() => (client.stream.writableNeedDrain ? client.stream.once('drain', resolve) : setImmediate(resolve)));
      }),
    stop: () => {
      offFrames();
      offAlarms();
      client.off('message', onMessage);
    },
  };
};
