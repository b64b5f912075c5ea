// Set-up of every end-to-end test file: a test that failed once and runs again (the e2e project
// retries once) says so in the run's output, so a flaky test is seen and mended, not hidden.
// `.ci/run` collects these lines by the test's full name (file > suite > test), lists them in its
// summary and fails when the same test needed a retry in the previous run too.
import { beforeEach } from 'vitest';

beforeEach(({ task }) => {
  const retry = task.result?.retryCount ?? 0;
  if (retry > 0) console.warn(`RETRY ${retry}: "${task.fullName}" failed and runs again`);
});
