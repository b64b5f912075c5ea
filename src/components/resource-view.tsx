import type { ReactNode } from 'react';
import { Box, Center, Text } from '@chakra-ui/react';
import type { Loadable } from '../../streams/api/loadable';
import { ApiError } from '../../streams/api/api-error';
import { LoadingState } from './loading-state';

export const NO_ACCESS_TEXT = 'You do not have access to this page.';

/** What a failed read says: the screen's own text, or that the role does not reach it. */
function failureText(error: unknown, failed: string): string {
  return error instanceof ApiError && error.code === 403 ? NO_ACCESS_TEXT : failed;
}

/**
 * The loading, error and empty states every screen shows for a server read. Rows already shown
 * stay while a reload runs or fails, dimmed as stale.
 */
export function ResourceView<T>(props: {
  state: Loadable<T>;
  /** Shown when the read fails and nothing was loaded before. */
  failed: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  fill?: boolean;
  children: (data: T) => ReactNode;
}) {
  const { state } = props;
  if (state.data === undefined) {
    if (state.status !== 'error') return <LoadingState fill={props.fill} />;
    return (
      <Center py="24" px="4" minHeight={props.fill ? '100dvh' : undefined}>
        <Text role="alert">{failureText(state.error, props.failed)}</Text>
      </Center>
    );
  }
  const content = props.isEmpty?.(state.data) ? props.empty : props.children(state.data);
  return (
    <Box opacity={state.stale ? 0.6 : 1} aria-busy={state.status === 'loading'} data-stale={state.stale || undefined}>
      {content}
    </Box>
  );
}
