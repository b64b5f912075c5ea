// The set-up the live browser tests share: a real server with its simulated fleet, and an
// administrator's page signed in on it at 1920x1080.
import type { Browser, Page } from 'playwright-core';
import type { Page as ApiPage, VehicleSnapshot } from '../../../contract/api/types';
import { launchChromium } from './chromium';
import { startFleetServer, type FleetServer } from './fleet-server';
import { signInAs } from './sign-in';

export interface LiveSession {
  server: FleetServer;
  browser: Browser;
  page: Page;
  /** The fleet as the server listed it at the start. */
  vehicles: VehicleSnapshot[];
  close(): Promise<void>;
}

export async function openLiveSession(options: Parameters<typeof startFleetServer>[0]): Promise<LiveSession> {
  const server = await startFleetServer(options);
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server.stop();
  };
  try {
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    const vehicles = (await server.adminCall<ApiPage<VehicleSnapshot>>('GET', '/customization/vehicle/v1/query/snapshot')).rows;
    await signInAs(page, server.url, server.admin);
    return { server, browser, page, vehicles, close };
  } catch (error) {
    await close();
    throw error;
  }
}
