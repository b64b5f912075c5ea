import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import type { FleetConsole } from '../../streams/types';
import { ServicesProvider } from '../lib/services';
import { loadRuntimeConfig } from '../lib/runtime-config';

/** Renders `ui` against a real console, as the app does. */
export async function renderLive(fleetConsole: FleetConsole, ui: ReactNode) {
  const config = await loadRuntimeConfig((async () => Response.json({})) as typeof fetch);
  return render(
    <ChakraProvider value={defaultSystem}>
      <ServicesProvider services={{ console: fleetConsole, config }}>{ui}</ServicesProvider>
    </ChakraProvider>,
  );
}
