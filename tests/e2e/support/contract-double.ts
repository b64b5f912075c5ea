// A scriptable server that speaks ../shared/contract.md, for browser tests of what the console
// does with failures the real server does not produce on demand: codes 300/400/401/403,
// time-outs, socket loss and cmd 161.
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyReply } from 'fastify';
import type { WebSocket } from 'ws';
import { registerSecurityHeaders } from '../../../server/platform/http/security-headers';
import type { MenuRoute, UserInfo, VehicleSnapshot } from '../../../contract/api/types';
import type { IncomingFrame } from '../../../contract/protocol/types';
import type { RuntimeConfig } from '../../../src/lib/runtime-config';

export type Fault = { kind: 'code'; code: number; msg?: string } | { kind: 'delay'; ms: number };

export interface ContractDouble {
  url: string;
  /** The next call to `path` (without the /api prefix) fails this way. */
  failNext(path: string, fault: Fault): void;
  /** What /config.json answers; a change shows on the next page load. */
  config: Partial<RuntimeConfig>;
  menu: MenuRoute[];
  user: UserInfo;
  vehicles: VehicleSnapshot[];
  share: { account: string; protection: number; vehicleId: string; password: string } | null;
  send(frame: IncomingFrame | IncomingFrame[]): void;
  closeSockets(): void;
  refuseSockets(refuse: boolean): void;
  socketCount(): number;
  stop(): Promise<void>;
}

export const DOUBLE_TIMEOUT_MS = 3000;

export async function startContractDouble(): Promise<ContractDouble> {
  const app = Fastify();
  const faults = new Map<string, Fault>();
  const sockets = new Set<WebSocket>();
  let refusing = false;

  const state: Pick<ContractDouble, 'menu' | 'user' | 'vehicles' | 'share'> = {
    menu: defaultMenu(),
    user: {
      user: {
        account: 'ops@fleet.test',
        header: '',
        avatar: '',
        name: 'Olivia Ops',
        roleList: [
          { roleName: 'Fleet manager', roleKey: 'fleet.manager' },
          { roleName: 'Operator', roleKey: 'operator' },
        ],
      },
      roles: ['fleet.manager', 'operator'],
      permissions: ['vehicle:list:query'],
    },
    vehicles: [0, 1, 2].map((index) => ({
      id: `v${index}`,
      name: `Van ${index}`,
      sn: `SN-000${index}`,
      fleetId: 'f1',
      subFleetId: null,
      depotId: null,
      status: index === 2 ? ('offline' as const) : ('normal' as const),
      soc: 80,
      lat: 52.37,
      lng: 4.9,
      alarms: 0,
      lastSeen: new Date().toISOString(),
    })),
    share: null,
  };

  const config: Partial<RuntimeConfig> = {
    apiBase: '/api',
    clientId: 'fleet-console',
    clientSecret: 'fleet-console',
    requestTimeoutMs: DOUBLE_TIMEOUT_MS,
  };

  await registerSecurityHeaders(app, () => config);
  await app.register(fastifyWebsocket);
  app.get('/config.json', async () => config);
  await app.register(fastifyStatic, { root: join(process.cwd(), 'dist') });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ code: 404, msg: 'Not found', data: null });
    return reply.sendFile('index.html');
  });

  async function answer(path: string, reply: FastifyReply, data: () => unknown) {
    const fault = faults.get(path);
    faults.delete(path);
    if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (fault?.kind === 'code') {
      return reply.code(fault.code === 300 ? 200 : fault.code).send({ code: fault.code, msg: fault.msg ?? '', data: null });
    }
    return reply.send({ code: 200, msg: 'ok', data: data() });
  }

  let port = 0;
  app.post('/api/oauth/token', (request, reply) => {
    const body = request.body as { username: string; password: string; grant_type?: string };
    if (body.grant_type === 'share') {
      const share = state.share;
      if (!share || share.account !== body.username || (share.protection > 0 && share.password !== body.password)) {
        return reply.code(400).send({ code: 400, msg: 'Password error !', data: null });
      }
    } else if (body.password !== 'secret1') {
      return reply.code(400).send({ code: 400, msg: 'Password error !', data: null });
    }
    return answer('/oauth/token', reply, () => ({
      access_token: `token-${body.grant_type ?? 'password'}`,
      token_type: 'bearer',
      expires_in: 3600,
      ws: `ws://127.0.0.1:${port}/api/ws/session-1`,
    }));
  });
  app.get('/api/customization/user/v1/query/info', (_request, reply) => answer('/customization/user/v1/query/info', reply, () => state.user));
  app.get('/api/customization/router/v1/query/list', (_request, reply) => answer('/customization/router/v1/query/list', reply, () => state.menu));
  app.get('/api/customization/vehicle/v1/query/snapshot', (_request, reply) =>
    answer('/customization/vehicle/v1/query/snapshot', reply, () => ({ rows: state.vehicles, total: state.vehicles.length })),
  );
  app.get('/api/customization/user/v1/get/profile', (_request, reply) =>
    answer('/customization/user/v1/get/profile', reply, () => ({
      email: state.user.user.account,
      userName: state.user.user.name,
      phone: '',
      speedUnit: 'km/h',
      mileageUnit: 'km',
    })),
  );
  app.get('/api/customization/factory/v1/query/list', (_request, reply) =>
    answer('/customization/factory/v1/query/list', reply, () => [{ factoryId: 'f1', factoryName: 'North depot group' }]),
  );
  app.get('/api/customization/alarm/v1/query/list', (_request, reply) => answer('/customization/alarm/v1/query/list', reply, () => ({ rows: [], total: 0 })));
  app.get('/api/customization/share/v1/get/info', (request, reply) => {
    const account = (request.query as { account?: string }).account;
    if (!state.share || account !== state.share.account) return reply.code(404).send({ code: 404, msg: 'Share not found', data: null });
    const { password: _password, ...info } = state.share;
    return answer('/customization/share/v1/get/info', reply, () => info);
  });
  app.get('/api/customization/share/v1/get/info/vehicle', (_request, reply) =>
    answer('/customization/share/v1/get/info/vehicle', reply, () => ({
      ...state.vehicles[0]!,
      fleetName: 'North',
      subFleetName: null,
      depotName: null,
      kind: 'van',
      devices: [],
    })),
  );
  app.get(
    '/api/ws/:session',
    {
      websocket: true,
      // Refused at the HTTP upgrade, so the console sees a failed attempt rather than a short open.
      preValidation: async (_request, reply) => {
        if (refusing) await reply.code(503).send({ code: 503, msg: 'refused', data: null });
      },
    },
    (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('message', (raw: Buffer) => {
        const frames = [JSON.parse(raw.toString())].flat() as Array<{ cmd: number; seq?: number }>;
        for (const frame of frames) {
          if (frame.seq !== undefined) socket.send(JSON.stringify({ cmd: 0, seq: frame.seq, data: { ok: true } }));
        }
      });
    },
  );

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  port = Number(new URL(address).port);

  return {
    url: address,
    failNext: (path, fault) => faults.set(path, fault),
    config,
    get menu() {
      return state.menu;
    },
    set menu(menu) {
      state.menu = menu;
    },
    get user() {
      return state.user;
    },
    set user(user) {
      state.user = user;
    },
    get vehicles() {
      return state.vehicles;
    },
    set vehicles(vehicles) {
      state.vehicles = vehicles;
    },
    get share() {
      return state.share;
    },
    set share(share) {
      state.share = share;
    },
    send(frame) {
      const text = JSON.stringify(frame);
      for (const socket of sockets) socket.send(text);
    },
    closeSockets() {
      for (const socket of sockets) socket.close(1012, 'restart');
    },
    refuseSockets(refuse) {
      refusing = refuse;
    },
    socketCount: () => sockets.size,
    stop: () => app.close(),
  };
}

function defaultMenu(): MenuRoute[] {
  const page = (path: string, title: string, component: string, icon: string): MenuRoute => ({
    path,
    name: title,
    hidden: false,
    component,
    meta: { title, icon },
  });
  return [
    page('/home', 'Home', 'home', 'home'),
    {
      ...page('/vehicles', 'Vehicles', 'Layout', 'truck'),
      children: [page('list', 'Vehicle list', 'vehicles/list', 'list'), page('group', 'Vehicle groups', 'vehicles/group', 'truck')],
    },
    { ...page('/users', 'Users', 'Layout', 'users'), children: [page('role', 'Roles', 'users/role', 'users')] },
    {
      ...page('/data', 'Data', 'Layout', 'chart'),
      children: [page('reports', 'Reports', 'data/reports', 'chart'), page('prealarm', 'Pre-alarms', 'data/prealarm', 'alert')],
    },
    {
      ...page('/other', 'Other', 'Layout', 'message'),
      children: [page('issueReport', 'Issue reports', 'other/issueReport', 'alert'), page('feedbacklist', 'Feedback', 'other/feedbacklist', 'message')],
    },
    { ...page('/hidden', 'Hidden', 'testView', 'flask'), hidden: true },
  ];
}
