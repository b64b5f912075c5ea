import { Box, Heading, Text } from '@chakra-ui/react';
import { useLocation } from 'wouter';

/** An honest state for a route whose screen is not in this build yet. */
export default function PlannedPage() {
  const [path] = useLocation();
  return (
    <Box borderWidth="1px" borderStyle="dashed" borderRadius="lg" p="8" textAlign="center" data-testid="planned-page">
      <Heading as="h2" size="md" mb="2">
        This screen is not available in this build yet
      </Heading>
      <Text color="fg.muted">The route {path} exists and its layout rules apply; its content arrives with a later release.</Text>
    </Box>
  );
}
