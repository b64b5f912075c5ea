// Content-Security-Policy violations seen by the browser tests. The servers they drive send the
// console's policy, so a violation means some part of the console breaks in production; the e2e
// setup (csp-guard.ts) fails the test during which one was reported.
import type { Browser } from 'playwright-core';

const MARK = 'Content Security Policy violation:';

const violations: string[] = [];

/**
 * Records, for every page of every context of `browser`, its `securitypolicyviolation` events and
 * the errors Chromium logs for blocked content ("… violates the following Content Security Policy
 * directive …"), which also cover what a worker was refused.
 */
export function recordCspViolations(browser: Browser): void {
  browser.on('context', (context) => {
    void context.addInitScript((mark) => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`${mark} ${event.effectiveDirective} blocked ${event.blockedURI || 'inline code'} in ${event.sourceFile || event.documentURI}`);
      });
    }, MARK);
    context.on('console', (message) => {
      if (message.type() === 'error' && message.text().includes('Content Security Policy')) violations.push(message.text());
    });
  });
}

/** The violations reported since the last call. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}
