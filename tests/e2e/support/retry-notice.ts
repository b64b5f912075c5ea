// Set-up of every end-to-end test file: a test that failed once and runs again (the e2e project
// retries once) says so in the run's output, so a flaky test is seen and mended, not hidden.
import { beforeEach } from 'vitest';

beforeEach(({ task }) => {
  const retry = task.result?.retryCount ?? 0;
  if (retry > 0) console.warn(`RETRY ${retry}: "${task.name}" failed and runs again`);
});
