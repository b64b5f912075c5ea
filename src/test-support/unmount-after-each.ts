// Unmounts what each component test rendered once it ends: the files of a worker share one page
// (the ui project does not isolate them), and Testing Library cleans up by itself only where
// vitest's globals are on.
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(cleanup);
