import { Button, HStack } from '@chakra-ui/react';

/** A list row's Edit and Delete buttons, named after the row for screen readers and tests. */
export function RowEditDelete(props: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <HStack gap="1">
      <Button size="xs" variant="ghost" onClick={props.onEdit} aria-label={`Edit ${props.name}`}>
        Edit
      </Button>
      <Button size="xs" variant="ghost" colorPalette="red" onClick={props.onDelete} aria-label={`Delete ${props.name}`}>
        Delete
      </Button>
    </HStack>
  );
}
