// Feedback: anyone signed in sends it (image screenshots only, size-limited); staff see their
// fleets' feedback only; a reply is stored, mailed and pushed live to the sender.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, openSocket } from '../../test-support/api-client';
import { roleUsers, type RoleName, type RoleUser } from '../../test-support/role-fixtures';
import { startTestServer, type TestServer } from '../../test-support/test-server';

let t: TestServer;
let users: Record<RoleName, RoleUser>;
let inFleet1: string;
let elsewhere: string;
const PNG = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeAll(async () => {
  t = await startTestServer();
  users = await roleUsers(t.url);
  const rows = (
    await api<{ rows: Array<{ id: string; fleetId: string }> }>(t.url, 'GET', '/customization/vehicle/v1/query/list', {
      token: users.super.token,
      query: { pageSize: 500 },
    })
  ).body.data.rows;
  inFleet1 = rows.find((v) => v.fleetId === 'fleet-1')!.id;
  elsewhere = rows.find((v) => v.fleetId !== 'fleet-1')!.id;
});
afterAll(() => t.stop());

const as =
  (role: RoleName) =>
  <T = any>(method: string, path: string, opts: { body?: unknown; query?: Record<string, string | number | boolean> } = {}) =>
    api<T>(t.url, method, path, { token: users[role].token, ...opts });
const send = (role: RoleName, body: object) => as(role)('POST', '/customization/feedback/v1/add/single', { body });

it('accepts image screenshots only, within the size limit, and names the field otherwise', async () => {
  const fake = `data:image/png;base64,${Buffer.from('<svg onload="alert(1)"/>').toString('base64')}`;
  expect((await send('member', { category: 'bug', message: 'x', screenshot: fake })).body.msg).toBe('screenshot: the file is not a PNG image');
  expect((await send('member', { category: 'bug', message: 'x', screenshot: 'data:image/svg+xml;base64,PHN2Zy8+' })).body.msg).toBe(
    'screenshot: only PNG, JPEG, GIF or WebP images',
  );
  const big = `data:image/png;base64,${Buffer.concat([Buffer.from(PNG.slice(22), 'base64'), Buffer.alloc(600 * 1024)]).toString('base64')}`;
  const tooBig = await send('member', { category: 'bug', message: 'x', screenshot: big });
  expect(tooBig.status).toBe(400);
  expect(tooBig.body.msg).toMatch(/^screenshot: /);
  expect((await send('member', { category: 'bug', message: '   ' })).body.msg).toBe('message: Please enter your feedback!');
  const ok = await send('member', { category: 'bug', message: 'Map is slow', screenshot: PNG, source: 'app' });
  expect(ok.body).toMatchObject({ code: 200, data: { status: 'new', source: 'app', hasScreenshot: true, userName: 'member' } });
});

it("a fleet manager sees their fleets' feedback, not others'; members only their own; a reply reaches the sender", async () => {
  const mine = (await send('operator', { category: 'vehicle', message: 'Door sticks', vehicleId: inFleet1 })).body.data;
  const other = (await send('super', { category: 'vehicle', message: 'Other fleet', vehicleId: elsewhere })).body.data;
  const listed = (await as('fleetManager')('GET', '/customization/feedback/v1/query/list', { query: { pageSize: 500 } })).body.data.rows.map((r: { id: string }) => r.id);
  expect(listed).toContain(mine.id);
  expect(listed).not.toContain(other.id);
  expect((await as('fleetManager')('GET', '/customization/feedback/v1/get/detail', { query: { feedbackId: other.id } })).status).toBe(403);
  expect((await as('member')('GET', '/customization/feedback/v1/query/list')).status).toBe(403);
  expect((await as('operator')('GET', '/customization/feedback/v1/query/list', { query: { mine: true } })).body.data.rows.map((r: { id: string }) => r.id)).toEqual([
    mine.id,
  ]);
  expect((await as('operator')('POST', '/customization/feedback/v1/add/reply', { body: { feedbackId: mine.id, message: 'me' } })).status).toBe(403);

  const opened = (await as('fleetManager')('GET', '/customization/feedback/v1/get/detail', { query: { feedbackId: mine.id } })).body.data;
  expect(opened.status).toBe('read');
  const socket = await openSocket(users.operator.ws);
  const replied = await as('fleetManager')('POST', '/customization/feedback/v1/add/reply', { body: { feedbackId: mine.id, message: 'A technician comes on Monday.' } });
  expect(replied.body.data).toMatchObject({ status: 'replied', replies: [{ author: 'fleetManager', message: 'A technician comes on Monday.' }] });
  const notice = await socket.waitFor(() => socket.frames.find((f) => f.cmd === 8));
  expect(notice.data).toMatchObject({ kind: 'feedback.replied', feedbackId: mine.id });
  expect(t.mail.some((line) => line.includes(`to=${users.operator.email}`) && line.includes('A technician comes on Monday.'))).toBe(true);
  expect((await as('operator')('GET', '/customization/feedback/v1/get/detail', { query: { feedbackId: mine.id } })).body.data.replies).toHaveLength(1);
  socket.ws.close();
});
