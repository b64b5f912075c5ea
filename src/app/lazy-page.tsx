// Pages load lazily. A page whose code fails to load (or takes longer than the spec's 120 s
// resource time-out) shows a retry panel instead of a blank screen. Some browsers (Chromium up to
// 138) remember a failed module fetch and never ask the server again, so when a retry fails too the
// panel offers to reload the page, which keeps the route and the session.
import { Component, Suspense, lazy, useState, type ReactNode } from 'react';
import { Button, Center, Stack, Text } from '@chakra-ui/react';
import { LoadingState } from '../components/loading-state';
import type { PageLoader } from './page-loaders';

export const RESOURCE_TIMEOUT_MS = 120_000;

type PageModule = Awaited<ReturnType<PageLoader>>;

function withTimeout(load: PageLoader, timeoutMs: number): PageLoader {
  return () =>
    new Promise<PageModule>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Page load timed out')), timeoutMs);
      load().then(
        (module) => {
          clearTimeout(timer);
          resolve(module);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error);
        },
      );
    });
}

class LoadBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { failed: boolean; retried: boolean }> {
  override state = { failed: false, retried: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center py="16" role="alert">
        <Stack align="center" gap="4">
          <Text fontWeight="semibold">This page could not be loaded.</Text>
          <Text color="fg.muted">Check the connection, then try again.</Text>
          {this.state.retried ? (
            <Button onClick={() => window.location.reload()}>Reload page</Button>
          ) : (
            <Button
              onClick={() => {
                this.setState({ failed: false, retried: true });
                this.props.onRetry();
              }}
            >
              Retry
            </Button>
          )}
        </Stack>
      </Center>
    );
  }
}

export function LazyPage({ load, timeoutMs = RESOURCE_TIMEOUT_MS }: { load: PageLoader; timeoutMs?: number }) {
  const create = () => lazy(withTimeout(load, timeoutMs));
  const [Page, setPage] = useState(create);
  return (
    <LoadBoundary onRetry={() => setPage(create)}>
      <Suspense fallback={<LoadingState />}>
        <Page />
      </Suspense>
    </LoadBoundary>
  );
}
