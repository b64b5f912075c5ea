// The menu from the server's routes: full with labels when wide, icons with tooltips below
// 1200 px, and inside a drawer below 1024 px (the header opens it).
import { Box, Flex, Stack, Text, Tooltip, chakra } from '@chakra-ui/react';
import type { MenuRoute } from '../../../contract/api/types';
import { MenuIcon } from '../../components/menu-icon';
import { navigate, onPlainClick } from '../../lib/navigation';
import { APP_VERSION } from '../../lib/version';

interface MenuEntry {
  path: string;
  title: string;
  icon: string;
}

interface MenuSection {
  title: string;
  icon: string;
  entries: MenuEntry[];
}

export function menuSections(routes: readonly MenuRoute[]): MenuSection[] {
  const sections: MenuSection[] = [];
  for (const route of routes) {
    if (route.hidden) continue;
    const title = route.meta?.title || route.name;
    const icon = route.meta?.icon ?? '';
    const children = (route.children ?? []).filter((child) => !child.hidden);
    if (children.length === 0) {
      sections.push({ title, icon, entries: [{ path: route.path, title, icon }] });
      continue;
    }
    sections.push({
      title,
      icon,
      entries: children.map((child) => ({
        path: child.path.startsWith('/') ? child.path : `${route.path.replace(/\/$/, '')}/${child.path}`,
        title: child.meta?.title || child.name,
        icon: child.meta?.icon || icon,
      })),
    });
  }
  return sections;
}

const MenuLink = chakra('a', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '3',
    width: 'full',
    px: '3',
    py: '2',
    borderRadius: 'md',
    fontSize: 'sm',
    color: 'fg.muted',
    textAlign: 'start',
    cursor: 'pointer',
    _hover: { bg: 'bg.emphasized', color: 'fg' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '1px' },
    '&[aria-current=page]': { bg: 'blue.subtle', color: 'blue.fg', fontWeight: 'semibold' },
  },
});

export function Sidebar(props: { menu: readonly MenuRoute[]; currentPath: string; collapsed: boolean; onNavigate?: () => void }) {
  const sections = menuSections(props.menu);
  const go = (path: string) => {
    navigate(path);
    props.onNavigate?.();
  };
  return (
    <Flex
      as="nav"
      aria-label="Main menu"
      direction="column"
      width={props.collapsed ? '16' : '60'}
      height="full"
      bg="bg.subtle"
      borderRightWidth="1px"
      flexShrink={0}
      data-collapsed={props.collapsed || undefined}
    >
      <Flex align="center" gap="2" px="4" height="14" borderBottomWidth="1px">
        <Box width="8" height="8" borderRadius="md" bg="blue.solid" color="white" fontWeight="bold" display="grid" placeItems="center" flexShrink={0}>
          F
        </Box>
        {!props.collapsed && (
          <Text fontWeight="bold" fontSize="md">
            Fleet Console
          </Text>
        )}
      </Flex>
      <Stack as="ul" listStyleType="none" gap="1" p="2" flex="1" overflowY="auto">
        {sections.map((section) => (
          <li key={section.title}>
            {section.entries.length > 1 && !props.collapsed && (
              <Text px="3" pt="3" pb="1" fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
                {section.title}
              </Text>
            )}
            <Stack as="ul" listStyleType="none" gap="1">
              {section.entries.map((entry) => {
                const link = (
                  <MenuLink
                    href={entry.path}
                    aria-current={props.currentPath === entry.path ? 'page' : undefined}
                    aria-label={props.collapsed ? entry.title : undefined}
                    justifyContent={props.collapsed ? 'center' : 'flex-start'}
                    onClick={onPlainClick(() => go(entry.path))}
                  >
                    <MenuIcon name={entry.icon} />
                    {!props.collapsed && entry.title}
                  </MenuLink>
                );
                return (
                  <li key={entry.path}>
                    {props.collapsed ? (
                      <Tooltip.Root positioning={{ placement: 'right' }} openDelay={150}>
                        <Tooltip.Trigger asChild>{link}</Tooltip.Trigger>
                        <Tooltip.Positioner>
                          <Tooltip.Content>{entry.title}</Tooltip.Content>
                        </Tooltip.Positioner>
                      </Tooltip.Root>
                    ) : (
                      link
                    )}
                  </li>
                );
              })}
            </Stack>
          </li>
        ))}
      </Stack>
      <Text
        px={props.collapsed ? '1' : '4'}
        py="3"
        fontSize={props.collapsed ? '2xs' : 'xs'}
        whiteSpace="nowrap"
        color="fg.muted"
        borderTopWidth="1px"
        textAlign={props.collapsed ? 'center' : 'start'}
      >
        {APP_VERSION}
      </Text>
    </Flex>
  );
}
