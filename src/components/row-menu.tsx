import type { ReactNode } from 'react';
import { Menu, Portal } from '@chakra-ui/react';

/**
 * The one menu a list page opens beside a row's menu button: `anchor` is that button's rectangle
 * (null: closed). One menu per page, not one per row, keeps the rows light.
 */
export function RowMenu(props: { anchor: DOMRect | null; onClose: () => void; children: ReactNode }) {
  return (
    <Menu.Root
      open={props.anchor !== null}
      onOpenChange={(details) => !details.open && props.onClose()}
      positioning={{ placement: 'bottom-end', getAnchorRect: () => props.anchor }}
    >
      <Portal>
        <Menu.Positioner>
          <Menu.Content>{props.children}</Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
