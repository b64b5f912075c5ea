import WebSocket from 'ws';
import { CLIENT_BASIC } from './test-server';

export interface Reply<T = unknown> {
  status: number;
  body: { code: number; msg: string; data: T };
}

/** Minimal HTTP client for the integration tests: JSON in, envelope out. */
export const api = async <T = unknown>(
  url: string,
  method: string,
  path: string,
  opts: { token?: string | null; body?: unknown; query?: Record<string, string | number | boolean> } = {},
): Promise<Reply<T>> => {
  const qs = opts.query ? `?${new URLSearchParams(Object.entries(opts.query).map(([k, v]) => [k, String(v)]))}` : '';
  const headers: Record<string, string> = {};
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${url}/api${path}${qs}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Reply<T>['body'] };
};

/** `share`: a guest signing in with a share account (and its password, if any). */
export const login = async (url: string, username: string, password: string, grantType: 'password' | 'share' | 'display' = 'password') =>
  fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { authorization: CLIENT_BASIC, 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, grant_type: grantType }),
  }).then(async (r) => ({
    status: r.status,
    body: (await r.json()) as Reply<{ access_token: string; ws: string; expires_in: number }>['body'],
  }));

/** Signs in and returns the token and ws address, failing the test if sign-in fails. */
export const session = async (url: string, username: string, password: string, grantType: 'password' | 'share' | 'display' = 'password') => {
  const r = await login(url, username, password, grantType);
  if (r.body.code !== 200) throw new Error(`login ${username} failed: ${r.body.msg}`);
  return { token: r.body.data.access_token, ws: r.body.data.ws };
};

/** A websocket that collects every frame (batches flattened) and close events. */
export const openSocket = async (address: string) => {
  const ws = new WebSocket(address);
  const frames: Array<{ cmd: number; seq?: number; data: Record<string, unknown> }> = [];
  const messages: unknown[] = [];
  let closed: { code: number } | null = null;
  ws.on('message', (d) => {
    const parsed = JSON.parse(d.toString()) as unknown;
    messages.push(parsed);
    for (const f of Array.isArray(parsed) ? parsed : [parsed]) frames.push(f);
  });
  const closedP = new Promise<{ code: number }>((res) =>
    ws.on('close', (code) => {
      closed = { code };
      res({ code });
    }),
  );
  await new Promise<void>((res, rej) => {
    ws.once('open', () => res());
    ws.once('error', rej);
    ws.once('close', () => res());
  });
  let seq = 1;
  const request = async (cmd: number, data: unknown) => {
    const s = seq++;
    ws.send(JSON.stringify({ cmd, seq: s, data }));
    return waitFor(() => frames.find((f) => f.cmd === 0 && f.seq === s));
  };
  const waitFor = async <T>(pick: () => T | undefined, timeoutMs = 5000): Promise<T> => {
    const start = Date.now();
    for (;;) {
      const v = pick();
      if (v !== undefined) return v;
      if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for a frame');
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  return { ws, frames, messages, request, waitFor, closed: () => closed, closedP };
};
