// The header's Notifications area: the notification log, silences, policies and one's own choices for
// whoever sees alarms, contact points and mute timings for fleet administrators (the servers'
// permissions for each).
import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { BellRing } from 'lucide-react';
import { PERMISSIONS, holdsPermission } from '../../../contract/api/permissions';
import { linkProps } from '../../lib/navigation';
import { ROUTES } from '../../lib/routes';
import { useAccount } from '../../lib/use-account';

const ENTRIES = [
  { route: ROUTES.notificationLog, permission: PERMISSIONS.alarmView },
  { route: ROUTES.silences, permission: PERMISSIONS.alarmView },
  { route: ROUTES.notificationPolicies, permission: PERMISSIONS.alarmView },
  { route: ROUTES.myNotifications, permission: PERMISSIONS.alarmView },
  { route: ROUTES.contactPoints, permission: PERMISSIONS.fleetEdit },
  { route: ROUTES.muteTimings, permission: PERMISSIONS.fleetEdit },
] as const;

export function NotificationsMenu() {
  const account = useAccount();
  const grants = account.status === 'ready' ? account.info : { roles: [], permissions: [] };
  const shown = ENTRIES.filter((entry) => holdsPermission(grants, [entry.permission]));
  if (shown.length === 0) return null;
  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <IconButton aria-label="Notifications" title="Notifications" variant="ghost" size="sm">
          <BellRing />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {shown.map(({ route }) => (
              <Menu.Item key={route.path} value={route.path} asChild>
                <a {...linkProps(route.path)}>{route.title}</a>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
