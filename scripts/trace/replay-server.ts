// A contract-speaking server that serves a recorded trace to real consoles (see scripts/replay.ts).
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { consoleConfigFile } from '../../server/platform/http/console-config-file';
import { registerSecurityHeaders } from '../../server/platform/http/security-headers';
import type { TokenResponse } from '../../contract/api/types';
import { encode } from '../../contract/protocol/encode';
import { TracePlayer } from '../../streams/trace/trace-player';
import { retime, retimeAnswers, traceStartMs } from '../../streams/trace/retime';
import { createTraceRestAnswers } from '../../streams/trace/trace-rest-answers';
import type { ReplaySpeed, Trace } from '../../streams/trace/types';
import { playFrameStream, type TimedMessage } from './frame-stream';

export interface ReplayServerOptions {
  trace: Trace;
  speed: ReplaySpeed;
  port: number;
  host?: string;
  /** The built console to serve, with history fallback; "dist" under the working directory by default. */
  distDir?: string;
  /**
   * Move the trace's times to the replay's clock: REST answers as if the trace began when the server
   * started, each socket's frames as if it began when that socket connected (exact at 1×).
   */
  retime?: boolean;
  /**
   * The socket frames of a trace too large to hold (`trace` then carries its header and REST
   * lines): a fresh source per socket, in `t` order, pulled as the frames fall due.
   */
  frames?: () => AsyncIterable<TimedMessage>;
}

export interface ReplayServer {
  app: FastifyInstance;
  port: number;
  url: string;
  close(): Promise<void>;
}

const API = '/api';
// The HTTP status mirrors these envelope codes, as the contract asks of servers.
const MIRRORED = new Set([400, 401, 403, 404, 500]);

/**
 * Accepts any sign-in (the token's `ws` points back here), answers REST calls from the trace, and
 * plays the trace's `in` lines to each socket on the trace clock from the moment it connects.
 * Requests on the socket are acknowledged so that the console's commands do not time out.
 */
export async function startReplayServer(options: ReplayServerOptions): Promise<ReplayServer> {
  const app = Fastify({ logger: false });
  // With retime, REST answers are moved as if the trace began now, each socket's frames as if it began when the socket connected.
  const traceStart = options.retime ? traceStartMs(options.trace.header) : 0;
  const recorded = createTraceRestAnswers(options.trace.lines);
  const answer = options.retime ? retimeAnswers(recorded, Date.now() - traceStart) : recorded;
  let position = 0;
  const distDir = resolve(options.distDir ?? 'dist');
  await registerSecurityHeaders(app, consoleConfigFile(distDir));

  // The console sends `Content-Type: application/json` on every call, also on bodiless DELETEs.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, body === '' ? undefined : JSON.parse(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  await app.register(fastifyWebsocket);

  app.get(`${API}/ws/:session`, { websocket: true }, (socket) => {
    const frameOffset = Date.now() - traceStart;
    const send = (msg: unknown) => {
      if (socket.readyState !== socket.OPEN) return;
      socket.send(typeof msg === 'string' ? msg : encode((options.retime ? retime(msg, frameOffset) : msg) as never));
    };
    const player = options.frames ? playStreamed(options.frames(), send) : playRecorded(send);
    socket.on('message', (data) => {
      let request: { seq?: unknown };
      try {
        request = JSON.parse(String(data)) as { seq?: unknown };
      } catch {
        return;
      }
      if (typeof request.seq === 'number') {
        socket.send(encode({ cmd: 0, seq: request.seq, data: { ok: true, msg: 'replay' } }));
      }
    });
    socket.on('close', () => player.stop());
  });

  function playRecorded(send: (msg: unknown) => void): { stop(): void } {
    const player = new TracePlayer(options.trace.lines, send, { speed: options.speed });
    const positions = player.position$.subscribe((t) => {
      position = t;
    });
    player.play();
    return {
      stop: () => {
        player.stop();
        positions.unsubscribe();
      },
    };
  }

  function playStreamed(source: AsyncIterable<TimedMessage>, send: (msg: unknown) => void): { stop(): void } {
    return playFrameStream(
      source,
      (msg, t) => {
        position = t;
        send(msg);
      },
      options.speed,
    );
  }

  app.route({
    method: ['GET', 'POST', 'PUT', 'DELETE'],
    url: `${API}/*`,
    handler: async (request, reply) => {
      const path = request.url.slice(API.length);
      const body = answer(request.method, path, position);
      if (request.method === 'POST' && path.split('?')[0] === '/oauth/token' && body.code === 200) {
        const scheme = request.protocol === 'https' ? 'wss' : 'ws';
        const token = body.data as Partial<TokenResponse> | null;
        return {
          ...body,
          data: { ...token, access_token: token?.access_token ?? 'replay', ws: `${scheme}://${request.headers.host}${API}/ws/replay` },
        };
      }
      if (MIRRORED.has(body.code)) reply.code(body.code);
      return body;
    },
  });

  const hasConsole = existsSync(resolve(distDir, 'index.html'));
  if (hasConsole) await app.register(fastifyStatic, { root: distDir, wildcard: false });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith(`${API}/`)) return reply.code(404).send({ code: 404, msg: 'not found', data: null });
    if (request.method !== 'GET') return reply.code(404).send();
    if (!hasConsole) return reply.code(404).type('text/plain').send('The console is not built: run npm run build, then start the replay again.');
    return reply.sendFile('index.html');
  });

  const address = await app.listen({ port: options.port, host: options.host ?? '127.0.0.1' });
  const port = Number(new URL(address).port);
  return { app, port, url: `http://localhost:${port}`, close: () => app.close() };
}
