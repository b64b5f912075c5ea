import { describe, expect, it } from 'vitest';
import { createFactoryChoice } from './factory-choice';
import { MemoryStorage } from './memory-storage';
import { createSessionStore } from './session-store';

describe('createFactoryChoice', () => {
  it('keeps the choice in the session and starts again from it at the next sign-in', () => {
    const session = createSessionStore(new MemoryStorage());
    session.set('token', 'first-user');
    const choice = createFactoryChoice(session);
    const seen: string[] = [];
    choice.factoryId$.subscribe((id) => seen.push(id));
    choice.choose('f1');
    expect(session.get('factoryId')).toBe('f1');
    expect(createFactoryChoice(session).current()).toBe('f1');
    session.clear();
    session.set('token', 'second-user');
    expect(choice.current()).toBe('');
    expect(seen).toEqual(['', 'f1', '']);
  });
});
