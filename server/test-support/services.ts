import { connect } from 'node:net';

const DEFAULT_PORTS: Record<string, number> = { 'nats:': 4222, 'mqtt:': 1883, 'postgres:': 5432, 'postgresql:': 5432 };

/** Whether something listens on host:port (the cluster tests skip when the shared services are not running). */
export const reachable = (url: string): Promise<boolean> =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port) || DEFAULT_PORTS[new URL(url).protocol] || 0 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

export const NATS_URL = process.env.FLEET_TEST_BUS_URL ?? 'nats://127.0.0.1:4222';
export const MQTT_URL = process.env.FLEET_TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
/** The PostgreSQL the cluster runs on (its test schemas go there, as in the unit-postgres project). */
export const DATABASE_URL = (process.env.FLEET_TEST_DATABASE_URL ||= 'postgres://root@127.0.0.1:5432/test');

/** A prefix of subjects and topics for one test run, so runs never see each other's traffic. */
export const runPrefix = (name: string) => `${name}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`;
