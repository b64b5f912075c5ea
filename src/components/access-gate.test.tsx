import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BehaviorSubject } from 'rxjs';
import type { AccountState, AccountStore } from '../../streams/session/account-store';
import { ServicesProvider, type AppServices } from '../lib/services';
import { IfPermission, IfRole } from './access-gate';

afterEach(cleanup);

function renderAs(roles: string[], permissions: string[]) {
  const account$ = new BehaviorSubject<AccountState>({
    status: 'ready',
    info: { user: { account: 'a@b.c', header: '', avatar: '', name: 'A', roleList: [] }, roles, permissions },
    menu: [],
  });
  const services = { console: { account: { account$ } as unknown as AccountStore } } as unknown as AppServices;
  render(
    <ServicesProvider services={services}>
      <IfRole roles={['fleet.manager']}>
        <span>manage fleets</span>
      </IfRole>
      <IfPermission permissions={['fleet:vehicle:firmware']}>
        <span>update firmware</span>
      </IfPermission>
    </ServicesProvider>,
  );
}

describe('role and permission gates', () => {
  it('remove what the user may not use', () => {
    renderAs(['operator'], ['fleet:vehicle:view']);
    expect(screen.queryByText('manage fleets')).toBeNull();
    expect(screen.queryByText('update firmware')).toBeNull();
  });
  it('keep what a listed role or permission allows', () => {
    renderAs(['fleet.manager'], ['fleet:vehicle:firmware']);
    expect(screen.getByText('manage fleets')).toBeTruthy();
    expect(screen.getByText('update firmware')).toBeTruthy();
  });
  it('show everything to super.admin and to the wildcard permission', () => {
    renderAs(['super.admin'], []);
    expect(screen.getByText('manage fleets')).toBeTruthy();
    cleanup();
    renderAs(['operator'], ['*:*:*']);
    expect(screen.getByText('update firmware')).toBeTruthy();
  });
});
