// Set-up of every end-to-end test file: a test fails when a page broke the console's
// Content-Security-Policy while it ran.
import { afterEach, expect } from 'vitest';
import { takeCspViolations } from './csp-violations';

afterEach(() => {
  expect(takeCspViolations(), 'Content-Security-Policy violations').toEqual([]);
});
