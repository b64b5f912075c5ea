import type { ReactNode } from 'react';
import { Box, Card, Center, Heading, Text } from '@chakra-ui/react';
import { APP_VERSION } from '../lib/version';

/** The frame of the public sign-in pages. */
export function AuthCard(props: { title: string; children: ReactNode }) {
  return (
    <Center minHeight="100dvh" bg="bg.subtle" px="4" py="8">
      <Box width="full" maxWidth="md">
        <Card.Root>
          <Card.Header>
            <Text fontSize="sm" fontWeight="semibold" color="blue.fg">
              Fleet Console
            </Text>
            <Heading as="h1" size="xl">
              {props.title}
            </Heading>
          </Card.Header>
          <Card.Body>{props.children}</Card.Body>
        </Card.Root>
        <Text textAlign="center" fontSize="xs" color="fg.muted" mt="3">
          {APP_VERSION}
        </Text>
      </Box>
    </Center>
  );
}
