import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { heartbeat } from './heartbeat';

describe('heartbeat', () => {
  it('beats every period after an open and restarts on the next open', () => {
    const ts = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    ts.run(({ hot, expectObservable }) => {
      const open$ = hot('o------o-----');
      const sub = '      ^-----------!';
      expectObservable(heartbeat(open$, 3, ts), sub).toBe('---a--b---a-', { a: 1, b: 2 });
    });
  });

  it('does not beat before the socket opens', () => {
    const ts = new TestScheduler((actual, expected) => expect(actual).toEqual(expected));
    ts.run(({ hot, expectObservable }) => {
      expectObservable(heartbeat(hot('-------'), 2, ts)).toBe('-------');
    });
  });
});
