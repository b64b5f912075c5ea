import { describe, expect, it } from 'vitest';
import { readConfig } from './config';

describe('FLEET_PUBLIC_URL', () => {
  it('is an origin: scheme, host and port, without a trailing slash', () => {
    expect(readConfig({ FLEET_PUBLIC_URL: 'https://fleet.example.com/' }).publicUrl).toBe('https://fleet.example.com');
    expect(readConfig({ FLEET_PUBLIC_URL: 'http://10.0.0.5:8080' }).publicUrl).toBe('http://10.0.0.5:8080');
    expect(readConfig({}).publicUrl).toBeNull();
  });

  it('refuses anything else at start', () => {
    for (const bad of ['fleet.example.com', 'ftp://fleet.example.com', 'https://fleet.example.com/console', 'https://u:p@fleet.example.com']) {
      expect(() => readConfig({ FLEET_PUBLIC_URL: bad }), bad).toThrow(/FLEET_PUBLIC_URL must be an http\(s\):\/\/host\[:port\] address/);
    }
  });
});

describe('cluster settings', () => {
  it('FLEET_BUS_URL and FLEET_MQTT_URL name their brokers; FLEET_SIM=0 keeps the model out', () => {
    const config = readConfig({ FLEET_BUS_URL: 'nats://10.0.0.7:4222', FLEET_MQTT_URL: 'mqtt://10.0.0.8:1883', FLEET_SIM: '0', FLEET_BUS_PREFIX: 'depot-north' });
    expect(config).toMatchObject({ busUrl: 'nats://10.0.0.7:4222', mqttUrl: 'mqtt://10.0.0.8:1883', sim: false, busPrefix: 'depot-north', mqttPrefix: 'fleet' });
    expect(readConfig({})).toMatchObject({ busUrl: null, mqttUrl: null, sim: true });
  });

  it('refuses another scheme or a prefix that would split subjects and topics, without echoing a password', () => {
    expect(() => readConfig({ FLEET_BUS_URL: 'http://user:s3cret@10.0.0.7:4222' })).toThrow(/^FLEET_BUS_URL must be a nats: or tls:\/\/host\[:port\] address$/);
    expect(() => readConfig({ FLEET_MQTT_URL: 'redis://user:s3cret@host' })).toThrow(/^FLEET_MQTT_URL must be/);
    expect(() => readConfig({ FLEET_MQTT_URL: 'redis://user:s3cret@host' })).not.toThrow(/s3cret/);
    expect(() => readConfig({ FLEET_BUS_PREFIX: 'a.b' })).toThrow(/FLEET_BUS_PREFIX must be letters/);
    expect(() => readConfig({ FLEET_MQTT_PREFIX: 'a/#' })).toThrow(/FLEET_MQTT_PREFIX must be letters/);
  });
});

describe('FLEET_SIM_SCENARIO', () => {
  it('is demo unless tests ask for quiet', () => {
    expect(readConfig({}).simScenario).toBe('demo');
    expect(readConfig({ FLEET_SIM_SCENARIO: 'quiet' }).simScenario).toBe('quiet');
  });

  it('refuses an unknown scenario at start, naming the choices', () => {
    expect(() => readConfig({ FLEET_SIM_SCENARIO: 'busy' })).toThrow('FLEET_SIM_SCENARIO must be one of quiet, demo, got "busy"');
  });
});

describe('FLEET_DATABASE_URL', () => {
  it('chooses PostgreSQL for a postgres:// address, SQLite when unset', () => {
    expect(readConfig({ FLEET_DATABASE_URL: 'postgres://fleet@db:5432/fleet' }).databaseUrl).toBe('postgres://fleet@db:5432/fleet');
    expect(readConfig({ FLEET_DATABASE_URL: 'postgresql://db/fleet' }).databaseUrl).toBe('postgresql://db/fleet');
    expect(readConfig({}).databaseUrl).toBeNull();
  });

  it('refuses anything else at start, without echoing it (it may hold a password)', () => {
    for (const bad of ['mysql://u:secret@db/fleet', 'db:5432/fleet', 'file.db']) {
      expect(() => readConfig({ FLEET_DATABASE_URL: bad }), bad).toThrow(/^FLEET_DATABASE_URL must be a postgres:\/\/user@host\[:port\]\/database address$/);
    }
  });
});

describe('FLEET_HISTORY_RETENTION_D', () => {
  it('defaults to 31 days and takes any positive number of days', () => {
    expect(readConfig({}).historyRetentionD).toBe(31);
    expect(readConfig({ FLEET_HISTORY_RETENTION_D: '366' }).historyRetentionD).toBe(366);
    expect(() => readConfig({ FLEET_HISTORY_RETENTION_D: '-1' })).toThrow(/FLEET_HISTORY_RETENTION_D/);
  });
});
