/**
 * Writes batched events every `flushMs` until stopped. The stop function unsubscribes from the
 * events first, then writes what is still pending, so nothing received is lost at shutdown.
 */
export const flushEvery = (flushMs: number, flush: () => Promise<void>, unsubscribe: () => void): (() => Promise<void>) => {
  const timer = setInterval(() => void flush(), flushMs);
  timer.unref();
  return async () => {
    unsubscribe();
    clearInterval(timer);
    await flush();
  };
};
