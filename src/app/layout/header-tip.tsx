// The name of a header icon button, shown on hover and focus: the button itself shows only its icon.
import type { ReactElement } from 'react';
import { Tooltip } from '@chakra-ui/react';

export function HeaderTip(props: { label: string; children: ReactElement }) {
  return (
    <Tooltip.Root openDelay={150} positioning={{ placement: 'bottom' }}>
      <Tooltip.Trigger asChild>{props.children}</Tooltip.Trigger>
      <Tooltip.Positioner>
        <Tooltip.Content>{props.label}</Tooltip.Content>
      </Tooltip.Positioner>
    </Tooltip.Root>
  );
}
