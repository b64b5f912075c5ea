import { existsSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { recordCspViolations } from './csp-violations';

export const ARTIFACTS_DIR = join('tests', 'artifacts');

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome-stable', '/usr/bin/google-chrome', '/snap/bin/chromium'];

/**
 * The browser for the end-to-end tests: `CHROME_PATH`, else a system Chromium or Chrome, else the
 * Chromium that ships inside the @sparticuz/chromium package (unpacked to the temp dir on first use).
 * `FLEET_E2E_CHROMIUM=bundled` skips the first two, to prove the suite runs without a system browser.
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.FLEET_E2E_CHROMIUM !== 'bundled') {
    const configured = process.env.CHROME_PATH;
    if (configured) {
      if (!existsSync(configured)) throw new Error(`CHROME_PATH is ${configured}, which does not exist.`);
      return configured;
    }
    const system = SYSTEM_CHROMIUMS.find((candidate) => existsSync(candidate));
    if (system) return system;
  }
  const bundled = await import('@sparticuz/chromium');
  return bundled.default.executablePath();
}

/** Every context of the browser reports Content-Security-Policy violations (see csp-violations.ts). */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    // The bundled Chromium takes navigator.language from LANG, and C.UTF-8 (usual in containers)
    // makes it "en-US@posix", a tag Intl rejects.
    env: { ...process.env, LANG: 'en_US.UTF-8' },
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-quic', '--no-first-run', '--disable-sync'],
  });
  recordCspViolations(browser);
  return browser;
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const path = join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: false });
  return path;
}
