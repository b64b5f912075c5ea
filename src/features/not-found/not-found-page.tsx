import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { linkProps } from '../../lib/navigation';
import { NOT_FOUND_TEXT } from '../../lib/messages';

export default function NotFoundPage() {
  return (
    <Center minHeight="100dvh" px="4">
      <Stack align="center" gap="4" textAlign="center">
        <Text fontSize="6xl" fontWeight="bold" color="fg.muted" aria-hidden>
          404
        </Text>
        <Heading as="h1" size="xl">
          {NOT_FOUND_TEXT}
        </Heading>
        <Button colorPalette="blue" asChild>
          <a {...linkProps('/')}>Go to the console</a>
        </Button>
      </Stack>
    </Center>
  );
}
