import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeConsole, type FakeConsole } from '../../streams/testing/fake-console';
import { renderLive } from '../test-support/render-live';
import { useSignOut } from './use-sign-out';

let live: FakeConsole | undefined;
afterEach(() => {
  cleanup();
  live?.stop();
  window.history.replaceState(null, '', '/');
});

function SignOutButtons() {
  const signOut = useSignOut();
  return (
    <>
      <button onClick={() => signOut()}>Log out</button>
      <button onClick={() => signOut({ forced: true })}>Log in again</button>
    </>
  );
}

async function signedInAt(address: string): Promise<FakeConsole> {
  live = await startFakeConsole({}, { untilFleet: false });
  window.history.replaceState(null, '', address);
  await renderLive(live.console, <SignOutButtons />);
  return live;
}

describe('useSignOut', () => {
  it('keeps the page of a forced re-login for the next sign-in, and goes to /login', async () => {
    const { console: fleetConsole } = await signedInAt('/vehicles/list?pageNum=2');
    act(() => screen.getByRole('button', { name: 'Log in again' }).click());
    expect(window.location.pathname).toBe('/login');
    expect(fleetConsole.session.get('token')).toBeNull();
    expect(fleetConsole.session.get('returnPath')).toBe('/vehicles/list?pageNum=2');
    // A second notice of the same ending, now on /login, keeps the page.
    act(() => screen.getByRole('button', { name: 'Log in again' }).click());
    expect(fleetConsole.session.get('returnPath')).toBe('/vehicles/list?pageNum=2');
  });

  it('keeps no page on Log out', async () => {
    const { console: fleetConsole } = await signedInAt('/setting/set');
    act(() => screen.getByRole('button', { name: 'Log out' }).click());
    expect(window.location.pathname).toBe('/login');
    expect(fleetConsole.session.get('returnPath')).toBeNull();
  });

  it('keeps no address that is not a console page', async () => {
    const { console: fleetConsole } = await signedInAt('/404');
    act(() => screen.getByRole('button', { name: 'Log in again' }).click());
    expect(fleetConsole.session.get('returnPath')).toBeNull();
  });
});
