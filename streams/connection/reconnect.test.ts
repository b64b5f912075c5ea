import { defer, type Observable } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { exponentialBackoff } from './backoff';
import { reconnect } from './reconnect';

const scheduler = () => new TestScheduler((actual, expected) => expect(actual).toEqual(expected));

describe('reconnect', () => {
  it('waits a doubling backoff between attempts and gives up after 4 failed reconnects', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable, expectSubscriptions }) => {
      const socket = cold('-#');
      const retries: number[] = [];
      const result = socket.pipe(reconnect({ maxAttempts: 4, backoff: (n) => 10 * 2 ** (n - 1), scheduler: ts, onRetry: (n) => retries.push(n) }));
      // errors at 1, 12, 33, 74, 155; waits of 10, 20, 40, 80 between them
      expectObservable(result).toBe('155ms #');
      expectSubscriptions(socket.subscriptions).toBe(['^!', '11ms ^!', '32ms ^!', '73ms ^!', '154ms ^!']);
      ts.flush();
      expect(retries).toEqual([1, 2, 3, 4]);
    });
  });

  it('resets the count after a successful open, so a later drop starts again at attempt 1', () => {
    const ts = scheduler();
    ts.run(({ cold, expectObservable }) => {
      let attempt = 0;
      const socket: Observable<string> = defer(() => (++attempt === 2 ? cold('-o#') : cold('-#')));
      const retries: number[] = [];
      const result = socket.pipe(reconnect({ maxAttempts: 4, backoff: () => 5, scheduler: ts, onRetry: (n) => retries.push(n) }));
      // attempt 1 fails at 1; attempt 2 opens at 7 and drops at 8; then 4 reconnects fail, the last at 32
      expectObservable(result).toBe('7ms o 24ms #');
      ts.flush();
      expect(retries).toEqual([1, 1, 2, 3, 4]);
    });
  });
});

describe('exponentialBackoff', () => {
  it('doubles, caps and keeps the jitter between half and all of the delay', () => {
    const low = exponentialBackoff({ baseMs: 1000, maxMs: 8000, random: () => 0 });
    const high = exponentialBackoff({ baseMs: 1000, maxMs: 8000, random: () => 0.999_999 });
    expect([1, 2, 3, 4, 5].map(low)).toEqual([500, 1000, 2000, 4000, 4000]);
    expect([1, 2, 3, 4, 5].map(high)).toEqual([1000, 2000, 4000, 8000, 8000]);
  });
});
