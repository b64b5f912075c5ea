import { fuzzOperations } from './test-support/api-fuzz';

// A third of the operations: server/test-support/api-fuzz.ts.
fuzzOperations(1, 3);
