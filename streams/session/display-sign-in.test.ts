import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { displaySignIn$, type DisplaySignIn } from './display-sign-in';

const collect = (signIn: () => Promise<void>) => {
  const seen: DisplaySignIn[] = [];
  return { seen, sub: displaySignIn$(signIn, { backoff: (n) => n * 10 }).subscribe((s) => seen.push(s)) };
};
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('displaySignIn$', () => {
  it('keeps trying while the server is away, with the attempt counted, and signs in when it returns', async () => {
    let calls = 0;
    const { seen } = collect(async () => {
      calls += 1;
      if (calls <= 5) throw new ApiError('network');
    });
    await settle(400);
    expect(calls).toBe(6);
    expect(seen).toEqual([{ state: 'connecting', attempt: 0 }, ...[1, 2, 3, 4, 5].map((attempt) => ({ state: 'connecting', attempt })), { state: 'signed-in' }]);
  });

  it('retries a server error and a time-out, but stops at a refusal of the token', async () => {
    const answers = [new ApiError('code', 500, 'busy'), new ApiError('timeout'), new ApiError('code', 400, 'This display is no longer valid')];
    const { seen } = collect(async () => {
      throw answers.shift()!;
    });
    await settle(200);
    expect(seen.at(-1)).toEqual({ state: 'refused', msg: 'This display is no longer valid' });
    expect(seen.filter((s) => s.state === 'connecting')).toHaveLength(3);
  });
});
