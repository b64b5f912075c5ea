import { useState, type ReactNode } from 'react';
import { Box, Drawer, Flex, Portal, Text } from '@chakra-ui/react';
import type { MenuRoute, UserInfo } from '../../../contract/api/types';
import { usePinnedSearch } from '../../lib/navigation';
import { consoleReturnPath } from '../../lib/return-path';
import { OPENER_PARAM, ROUTES, type RouteSpec } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useAccountTheme } from '../../lib/use-account-theme';
import { APP_VERSION } from '../../lib/version';
import { useViewport } from '../use-viewport';
import { HeaderCountScope } from '../../components/header-count';
import { Header } from './header';
import { Sidebar } from './sidebar';

export function MainLayout(props: { route: RouteSpec; info: UserInfo; menu: readonly MenuRoute[]; children: ReactNode }) {
  const viewport = useViewport();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const { route } = props;
  const { session } = useFleetConsole();
  useAccountTheme();
  // An account whose role has no pages lands on settings: a sidebar would be empty.
  const hasMenu = props.menu.length > 0;
  // Settings is also where a user without menu lands; there is nowhere to go back to then.
  const opener = consoleReturnPath(new URLSearchParams(usePinnedSearch()).get(OPENER_PARAM));
  const backTo = route.path === ROUTES.settings.path && props.menu.length === 0 ? undefined : (opener ?? backToParent(route.parent, session.get('originFlag')));

  return (
    <Flex height="100dvh" data-viewport={viewport}>
      {hasMenu && viewport !== 'narrow' && <Sidebar menu={props.menu} currentPath={route.path} collapsed={viewport === 'compact'} />}
      {hasMenu && viewport === 'narrow' && (
        <Drawer.Root open={drawerOpen} onOpenChange={(details) => setDrawerOpen(details.open)} placement="start">
          <Portal>
            <Drawer.Backdrop />
            <Drawer.Positioner>
              <Drawer.Content width="auto">
                <Sidebar menu={props.menu} currentPath={route.path} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
              </Drawer.Content>
            </Drawer.Positioner>
          </Portal>
        </Drawer.Root>
      )}
      <Flex direction="column" flex="1" minWidth="0">
        <HeaderCountScope page={route.path}>
          <Header
            title={route.title}
            path={route.path}
            info={props.info}
            backTo={backTo}
            onOpenMenu={hasMenu && viewport === 'narrow' ? () => setDrawerOpen(true) : undefined}
          />
          <Box as="main" flex="1" overflow="auto" p={route.hideFooter ? '0' : { base: '3', md: '5' }}>
            {props.children}
          </Box>
          {!route.hideFooter && (
            <Box as="footer" px="5" py="2" borderTopWidth="1px" fontSize="xs" color="fg.muted" data-testid="footer">
              <Text>Fleet Console {APP_VERSION}</Text>
            </Box>
          )}
        </HeaderCountScope>
      </Flex>
    </Flex>
  );
}

/** The parent page, with the filters and page it had when the detail was opened from it. */
export function backToParent(parent: string | undefined, origin: string | null): string | undefined {
  if (!parent || !origin) return parent;
  return origin === parent || origin.startsWith(`${parent}?`) ? origin : parent;
}
