import '@fontsource/inter/400.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserConsole } from '../streams/browser-console';
import { App } from './app/app';
import { initialColorMode } from './lib/color-mode';
import { kioskFromUrl } from './lib/kiosk-mode';
import { installBackButtonTrap } from './lib/navigation';
import { loadRuntimeConfig } from './lib/runtime-config';

const config = await loadRuntimeConfig();
const fleetConsole = createBrowserConsole({
  apiBase: config.apiBase,
  clientId: config.clientId,
  clientSecret: config.clientSecret,
  timeoutMs: config.requestTimeoutMs,
  reconnectDelaysMs: config.reconnectDelaysMs,
});
fleetConsole.resume();
initialColorMode();
kioskFromUrl(window.location.search);
installBackButtonTrap();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App services={{ console: fleetConsole, config }} />
  </StrictMode>,
);
