import { ChakraProvider } from '@chakra-ui/react';
import { Router } from 'wouter';
import { usePinnedLocation, usePinnedSearch } from '../lib/navigation';
import type { AppServices } from '../lib/services';
import { AccessGuard } from './access-guard';
import { NoticeHost } from './notice-host';
import { ReplayHost } from './replay-host';
import { consoleSystem } from './theme';

export function App({ services }: { services: AppServices }) {
  return (
    <ChakraProvider value={consoleSystem}>
      <ReplayHost live={services}>
        <Router hook={usePinnedLocation} searchHook={usePinnedSearch}>
          <AccessGuard />
        </Router>
        <NoticeHost />
      </ReplayHost>
    </ChakraProvider>
  );
}
