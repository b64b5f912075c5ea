import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** A spinner that assistive technology announces as a status. */
export function LoadingState({ label = 'Loading', fill = false }: { label?: string; fill?: boolean }) {
  return (
    <Center role="status" height={fill ? '100dvh' : undefined} py={fill ? undefined : '16'}>
      <Spinner size="lg" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
