import { useState } from 'react';
import { Avatar, Badge, Box, Button, Dialog, Flex, HStack, Heading, IconButton, Portal, Text } from '@chakra-ui/react';
import { ArrowLeft, LogOut, Menu, MonitorCog, MonitorPlay, Moon, Sun } from 'lucide-react';
import { useObservableState } from 'observable-hooks';
import type { UserInfo } from '../../../contract/api/types';
import { useShownCount } from '../../components/header-count';
import { PERMISSIONS, holdsPermission } from '../../../contract/api/permissions';
import { IfRole } from '../../components/access-gate';
import { setColorMode, useColorMode, type ColorMode } from '../../lib/color-mode';
import { enterKiosk } from '../../lib/kiosk-mode';
import { linkProps } from '../../lib/navigation';
import { ROUTES, VEHICLE_LIST_PATH } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { useSignOut } from '../../lib/use-sign-out';
import { ConnectionBadge } from './connection-badge';
import { FactorySelect } from './factory-select';
import { FollowUpAlerts } from './follow-up-alerts';
import { HeaderTip } from './header-tip';
import { NotificationsMenu } from './notifications-menu';
import { RecordingIndicator } from './recording-indicator';
import { SendFeedback } from './send-feedback';

/** Kiosk mode from the header: full screen, and the browser asked (on this click) to allow alarm notifications. */
function startKiosk(): void {
  enterKiosk();
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') Notification.requestPermission().catch(() => undefined);
}

export function roleNames(info: UserInfo): string {
  return (info.user.roleList ?? []).map((role) => role.roleName).join(' & ');
}

export function Header(props: { title: string; path: string; info: UserInfo; backTo: string | undefined; onOpenMenu?: () => void }) {
  const count = useShownCount();
  const colorMode = useColorMode();
  const fleetConsole = useFleetConsole();
  const signOut = useSignOut();
  const logOut = () => {
    // Ends the session on the server too; the request carries the token before it is cleared.
    fleetConsole.resources.logOut().catch(() => undefined);
    signOut();
  };
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const { user } = props.info;
  // The profile follows an avatar changed on /setting/set; the user info is read once per session.
  const profile = useObservableState(fleetConsole.profile.profile$);
  const avatar = profile?.data ? profile.data.avatar : user.avatar;
  const themeLabel = colorMode === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  const switchTheme = (theme: ColorMode) => {
    setColorMode(theme);
    if (holdsPermission(props.info, [PERMISSIONS.profileEdit])) fleetConsole.profile.saveTheme(theme).catch(() => undefined);
  };

  return (
    <Flex as="header" align="center" gap="3" px="4" height="14" borderBottomWidth="1px" bg="bg" flexShrink={0}>
      {props.onOpenMenu && (
        <HeaderTip label="Open menu">
          <IconButton aria-label="Open menu" variant="ghost" size="sm" onClick={props.onOpenMenu}>
            <Menu />
          </IconButton>
        </HeaderTip>
      )}
      {props.backTo && (
        <Button variant="outline" size="sm" asChild>
          <a {...linkProps(props.backTo)} data-testid="back-button">
            <ArrowLeft /> Back
          </a>
        </Button>
      )}
      <Heading as="h1" size="md" truncate>
        {props.title}
      </Heading>
      {count !== null && count !== undefined && (
        <Badge variant="subtle" colorPalette="gray" data-testid="header-count">
          {count} {count === 1 ? 'item' : 'items'}
        </Badge>
      )}
      {props.path === VEHICLE_LIST_PATH && <FactorySelect />}
      <Box flex="1" />
      <RecordingIndicator />
      <ConnectionBadge />
      <SendFeedback />
      <FollowUpAlerts />
      <HeaderTip label="Kiosk mode (wall display)">
        <IconButton aria-label="Kiosk mode (wall display)" variant="ghost" size="sm" onClick={startKiosk}>
          <MonitorPlay />
        </IconButton>
      </HeaderTip>
      <NotificationsMenu />
      <IfRole roles={[]}>
        <HeaderTip label="Wall displays">
          <IconButton variant="ghost" size="sm" asChild>
            <a {...linkProps(ROUTES.wallDisplays.path)} aria-label="Wall displays">
              <MonitorCog />
            </a>
          </IconButton>
        </HeaderTip>
      </IfRole>
      <HeaderTip label={themeLabel}>
        <IconButton aria-label={themeLabel} variant="ghost" size="sm" onClick={() => switchTheme(colorMode === 'dark' ? 'light' : 'dark')}>
          {colorMode === 'dark' ? <Sun /> : <Moon />}
        </IconButton>
      </HeaderTip>
      <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
        <Box textAlign="end" lineHeight="short">
          <Text fontSize="sm" fontWeight="semibold" data-testid="header-user-name">
            {user.name}
          </Text>
          <Text fontSize="xs" color="fg.muted" data-testid="header-roles">
            {roleNames(props.info)}
          </Text>
        </Box>
      </HStack>
      <HeaderTip label="Open settings">
        <Button variant="ghost" size="sm" p="0" borderRadius="full" asChild>
          <a {...linkProps(ROUTES.settings.path)} aria-label="Open settings">
            <Avatar.Root size="sm">
              <Avatar.Fallback />
              {avatar && <Avatar.Image src={avatar} alt="" />}
            </Avatar.Root>
          </a>
        </Button>
      </HeaderTip>
      <HeaderTip label="Log out">
        <IconButton aria-label="Log out" variant="ghost" size="sm" onClick={() => setConfirmingLogout(true)}>
          <LogOut />
        </IconButton>
      </HeaderTip>
      <Dialog.Root open={confirmingLogout} onOpenChange={(details) => setConfirmingLogout(details.open)} role="alertdialog" placement="center">
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Log out</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>Are you sure you want to log out?</Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">Cancel</Button>
                </Dialog.ActionTrigger>
                <Button colorPalette="red" onClick={logOut}>
                  Log out
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Flex>
  );
}
