// The role form's menu authority: the server's menu catalogue as a tree, where checking a group
// checks all its pages.
import { useEffect, useRef } from 'react';
import { Box, Stack, Text } from '@chakra-ui/react';
import type { MenuCatalogue } from '../../../contract/api/types';

function GroupBox(props: { label: string; pages: string[]; chosen: ReadonlySet<string>; onChange: (pages: string[], on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  const held = props.pages.filter((p) => props.chosen.has(p)).length;
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = held > 0 && held < props.pages.length;
  }, [held, props.pages.length]);
  return (
    <label>
      <input ref={ref} type="checkbox" checked={held === props.pages.length} onChange={(e) => props.onChange(props.pages, e.currentTarget.checked)} />{' '}
      <Text as="span" fontWeight="semibold">
        {props.label}
      </Text>
    </label>
  );
}

export function MenuAuthority(props: { catalogue: MenuCatalogue; chosen: ReadonlySet<string>; onChange: (pages: string[], on: boolean) => void }) {
  return (
    <Stack gap="1" role="group" aria-label="Menu authority">
      {props.catalogue.map((group) => (
        <Box key={group.group}>
          <GroupBox label={group.group} pages={group.pages.map((p) => p.component)} chosen={props.chosen} onChange={props.onChange} />
          <Stack gap="0" pl="6">
            {group.pages.map((page) => (
              <label key={page.component}>
                <input type="checkbox" checked={props.chosen.has(page.component)} onChange={(e) => props.onChange([page.component], e.currentTarget.checked)} />{' '}
                {page.title}
              </label>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
