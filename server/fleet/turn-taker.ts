import { performance } from 'node:perf_hooks';

/**
 * For long work done in steps: the returned `pause()` gives the event loop a turn once `budgetMs`
 * of work have passed since the last one, so other requests wait about that long at most.
 */
export const turnTaker = (budgetMs = 10) => {
  let since = performance.now();
  return async (): Promise<void> => {
    if (performance.now() - since < budgetMs) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
};
