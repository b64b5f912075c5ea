import type { Page } from 'playwright-core';

/** Signs in through /login as a person would and waits for the landing page. */
export async function signInAs(page: Page, url: string, who: { email: string; password: string }, landing = '**/home'): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(landing);
}
