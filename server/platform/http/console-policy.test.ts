import { describe, expect, it } from 'vitest';
import { consoleDirectives } from './console-policy';

const page = { host: 'fleet.example.org', https: true };
const tiles = (tileUrl: string) => consoleDirectives(page, { tileUrl }).imgSrc;

describe('console policy', () => {
  it('allows a tile server by origin, its placeholder subdomains as a wildcard', () => {
    expect(tiles('https://tiles.example.org/{z}/{x}/{y}.png')).toContain('https://tiles.example.org');
    expect(tiles('https://{s}.tile.example.org/{z}/{x}/{y}.png')).toContain('https://*.tile.example.org');
    expect(tiles('http://tile-{s}.maps.example.org:8081/{z}/{x}/{y}{r}.png')).toContain('http://*.maps.example.org:8081');
    expect(tiles('/tiles/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:']);
  });

  it('shows the offline tiles of an API on another origin (they are images from that origin)', () => {
    expect(consoleDirectives(page, { apiBase: 'https://api.example.org/api' }).imgSrc).toEqual(["'self'", 'data:', 'https://api.example.org']);
  });

  it('never lets config.json or a Host header add sources or directives of its own', () => {
    expect(tiles("https://tiles.example.org; script-src 'unsafe-inline'/{z}.png")).toEqual(["'self'", 'data:']);
    expect(tiles('https://{s}.org/{z}.png')).toEqual(["'self'", 'data:']);
    const forged = consoleDirectives({ host: "evil.example; script-src 'unsafe-inline'", https: false }, { apiBase: 'javascript:alert(1)' });
    expect(forged.connectSrc).toEqual(["'self'"]);
    expect(forged.scriptSrc).toEqual(["'self'"]);
  });

  it('lets the console reach the websocket address the server hands out, also when the page was opened on another host name', () => {
    const opened = consoleDirectives({ host: '127.0.0.1:8080', https: false, handedOut: 'http://localhost:8080' }, {});
    expect(opened.connectSrc).toEqual(["'self'", 'ws://127.0.0.1:8080', 'ws://localhost:8080']);
    const public_ = consoleDirectives({ host: 'fleet.example.org', https: true, handedOut: 'https://fleet.example.org' }, {});
    expect(public_.connectSrc).toContain('wss://fleet.example.org');
  });
});
