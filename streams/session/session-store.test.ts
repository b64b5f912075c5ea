import { describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage';
import { createSessionStore } from './session-store';

describe('createSessionStore', () => {
  it('keeps typed values as JSON, streams the token, and clears only its own keys', () => {
    const storage = new MemoryStorage();
    storage.setItem('someone-else', 'keep');
    const session = createSessionStore(storage);
    const tokens: Array<string | null> = [];
    session.token$.subscribe((t) => tokens.push(t));
    session.set('token', 'tok');
    session.set('ws', 'ws://host/api/ws/k');
    session.set('reportPermission', 'edit');
    session.set('groupLogDetail', { id: 'g1', rows: [1, 2] });
    expect(session.get('reportPermission')).toBe('edit');
    expect(session.get('groupLogDetail')).toEqual({ id: 'g1', rows: [1, 2] });
    expect(session.get('faultId')).toBeNull();
    session.remove('ws');
    expect(session.get('ws')).toBeNull();
    session.clear();
    expect(session.get('token')).toBeNull();
    expect(storage.getItem('someone-else')).toBe('keep');
    expect(tokens).toEqual([null, 'tok', null]);
  });

  it('picks up a token left by an earlier page load', () => {
    const storage = new MemoryStorage();
    createSessionStore(storage).set('token', 'kept');
    const reloaded = createSessionStore(storage);
    const tokens: Array<string | null> = [];
    reloaded.token$.subscribe((t) => tokens.push(t));
    expect(tokens).toEqual(['kept']);
  });
});
