import { ChakraProvider } from '@chakra-ui/react';
import { Router } from 'wouter';
import { usePinnedLocation, usePinnedSearch } from '../lib/navigation';
import { ServicesProvider, type AppServices } from '../lib/services';
import { AccessGuard } from './access-guard';
import { NoticeHost } from './notice-host';
import { consoleSystem } from './theme';

export function App({ services }: { services: AppServices }) {
  return (
    <ChakraProvider value={consoleSystem}>
      <ServicesProvider services={services}>
        <Router hook={usePinnedLocation} searchHook={usePinnedSearch}>
          <AccessGuard />
        </Router>
        <NoticeHost />
      </ServicesProvider>
    </ChakraProvider>
  );
}
