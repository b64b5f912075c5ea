import { describe, expect, it } from 'vitest';
import { decideAccess, menuPages, type AccessInput } from './access-rules';

const menu = menuPages([
  { path: '/home', name: 'Home', hidden: false, component: 'home', meta: { title: 'Home', icon: 'home' } },
  {
    path: '/vehicles',
    name: 'Vehicles',
    hidden: false,
    component: 'Layout',
    meta: { title: 'Vehicles', icon: 'truck' },
    children: [{ path: 'list', name: 'List', hidden: false, component: 'vehicles/list', meta: { title: 'Vehicle list', icon: 'list' } }],
  },
]);

const signedOut: AccessInput = { path: '/home', search: '', hasToken: false, isShareGuest: false, account: 'signed-out', menu: [], returnPath: null };
const signedIn: AccessInput = { ...signedOut, hasToken: true, account: 'ready', menu };

describe('without a token', () => {
  it.each(['/login', '/register', '/404', '/share'])('lets %s through', (path) => {
    expect(decideAccess({ ...signedOut, path })).toMatchObject({ kind: 'render', route: { path } });
  });
  it.each(['/home', '/setting/set', '/share/detail/page', '/no/such/page', '/'])('sends %s to /login', (path) => {
    expect(decideAccess({ ...signedOut, path })).toMatchObject({ kind: 'redirect', to: '/login' });
  });
  it('keeps the token and KeepAlive query parameters and drops others', () => {
    expect(decideAccess({ ...signedOut, search: 'token=abc&KeepAlive=1&tab=bms' })).toMatchObject({
      kind: 'redirect',
      to: '/login?token=abc&KeepAlive=1',
    });
  });
  it('remembers the console page asked for, with its query, to land on after sign-in', () => {
    expect(decideAccess({ ...signedOut, path: '/home/detail/page', search: 'vehicleId=v-7' })).toEqual({
      kind: 'redirect',
      to: '/login',
      returnPath: '/home/detail/page?vehicleId=v-7',
    });
    expect(decideAccess({ ...signedOut, path: '/vehicles/list' })).toMatchObject({ returnPath: '/vehicles/list' });
  });
  it.each(['/', '//evil.example', '/share/detail/page'])('remembers nothing for %s', (path) => {
    expect(decideAccess({ ...signedOut, path })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideAccess({ ...signedOut, path, returnPath: '/vehicles/list' })).toEqual({ kind: 'redirect', to: '/login', returnPath: null });
  });
  it('forgets the page an earlier visit asked for when this one opens another public page, not the sign-in', () => {
    const earlier = { ...signedOut, returnPath: '/vehicles/list' };
    expect(decideAccess({ ...earlier, path: '/register' })).toMatchObject({ kind: 'render', returnPath: null });
    expect(decideAccess({ ...earlier, path: '/login' })).not.toHaveProperty('returnPath');
    expect(decideAccess({ ...earlier, path: '/home/detail/page', search: 'vehicleId=v-1' })).toMatchObject({ returnPath: '/home/detail/page?vehicleId=v-1' });
  });
});

describe('with a token', () => {
  it('redirects /login to /', () => {
    expect(decideAccess({ ...signedIn, path: '/login' })).toEqual({ kind: 'redirect', to: '/' });
  });
  it('redirects /login to the page asked for before signing in, and forgets it', () => {
    expect(decideAccess({ ...signedIn, path: '/login', returnPath: '/home/detail/page?vehicleId=v-7' })).toEqual({
      kind: 'redirect',
      to: '/home/detail/page?vehicleId=v-7',
      returnPath: null,
    });
  });
  it('redirects /login to / when the remembered page is not a console page', () => {
    expect(decideAccess({ ...signedIn, path: '/login', returnPath: 'https://evil.example/' })).toEqual({ kind: 'redirect', to: '/', returnPath: null });
  });
  it('does not land on the page asked for from the address of /login itself', () => {
    expect(decideAccess({ ...signedIn, path: '/login', search: 'next=%2Fvehicles%2Flist' })).toEqual({ kind: 'redirect', to: '/' });
  });
  it('sends / to /home', () => {
    expect(decideAccess({ ...signedIn, path: '/' })).toEqual({ kind: 'redirect', to: '/home' });
  });
  it('fetches the account first, then signs out when that fails', () => {
    expect(decideAccess({ ...signedIn, account: 'signed-out' })).toEqual({ kind: 'load-account' });
    expect(decideAccess({ ...signedIn, account: 'failed' })).toEqual({ kind: 'sign-out' });
  });
  it('sends a user with an empty menu to /setting/set', () => {
    expect(decideAccess({ ...signedIn, menu: [] })).toEqual({ kind: 'redirect', to: '/setting/set' });
    expect(decideAccess({ ...signedIn, menu: [], path: '/setting/set' })).toMatchObject({ kind: 'render' });
  });
  it('renders spec routes and menu pages, and sends unknown paths to /404', () => {
    expect(decideAccess({ ...signedIn, path: '/home/detail/page' })).toMatchObject({ kind: 'render' });
    expect(decideAccess({ ...signedIn, path: '/vehicles/list' })).toMatchObject({
      kind: 'render',
      component: 'vehicles/list',
      route: { title: 'Vehicle list' },
    });
    expect(decideAccess({ ...signedIn, path: '/users/role' })).toEqual({ kind: 'redirect', to: '/404' });
  });
  it('opens a page only when the menu holds it or the page it belongs to, and shows /404 otherwise', () => {
    const opens = (path: string) => decideAccess({ ...signedIn, path });
    for (const path of ['/vehicles/subdetail/page', '/vehicles/airconditioner/page', '/home/alarm/page', '/wall/alarms', '/setting/set']) {
      expect(opens(path)).toMatchObject({ kind: 'render', route: { path } });
    }
    // Neither Test view, Users & roles, Vehicle groups nor Pre-alarms is in this menu.
    for (const path of ['/testView', '/role/alocation/page', '/vehicles/groupLog/logDetail', '/prealarm/presubfleet/page', '/wall/playlists']) {
      expect(opens(path)).toEqual({ kind: 'redirect', to: '/404' });
    }
    const withTestView = [...menu, { path: '/testView', title: 'Test view', component: 'testView' }];
    expect(decideAccess({ ...signedIn, menu: withTestView, path: '/testView' })).toMatchObject({ kind: 'render', route: { path: '/testView' } });
  });
  it('keeps a share guest on the shared vehicle', () => {
    const guest = { ...signedIn, isShareGuest: true, account: 'signed-out' as const, menu: [] };
    expect(decideAccess({ ...guest, path: '/share/detail/page' })).toMatchObject({ kind: 'render' });
    expect(decideAccess({ ...guest, path: '/home' })).toEqual({ kind: 'redirect', to: '/share/detail/page' });
  });
});

describe('menuPages', () => {
  it('resolves relative child paths and skips layout groups', () => {
    expect(menu.map((page) => page.path)).toEqual(['/home', '/vehicles/list']);
  });
});
