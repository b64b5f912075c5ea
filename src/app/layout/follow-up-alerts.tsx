// The header's live follow-up alerts: an issue escalated (to the fleet's managers and its assignee)
// or a reply to the user's feedback arrives as a toast and counts on a badge until opened.
import { useEffect, useState } from 'react';
import { Badge, Box, IconButton } from '@chakra-ui/react';
import { Bell } from 'lucide-react';
import { followUpNotices$ } from '../../../streams/api/follow-up-calls';
import { toaster } from '../../components/toaster';
import { linkProps } from '../../lib/navigation';
import { LINKS } from '../../lib/routes';
import { useFleetConsole } from '../../lib/services';
import { HeaderTip } from './header-tip';

const ALERT_MS = 8000;

export function FollowUpAlerts() {
  const fleetConsole = useFleetConsole();
  const [unseen, setUnseen] = useState<{ count: number; link: string }>({ count: 0, link: LINKS.issueList({ status: 'escalated' }) });
  useEffect(() => {
    const subscription = followUpNotices$(fleetConsole.frames$).subscribe((notice) => {
      if (notice.kind === 'issue.escalated') {
        toaster.create({ type: 'warning', title: `Issue ${notice.number} escalated`, description: `${notice.title}: ${notice.reason}`, duration: ALERT_MS });
        setUnseen((u) => ({ count: u.count + 1, link: LINKS.issueList({ status: 'escalated' }) }));
        fleetConsole.resources.issues.refresh();
      } else {
        toaster.create({ type: 'info', title: 'New reply to your feedback', duration: ALERT_MS });
        setUnseen((u) => ({ count: u.count + 1, link: LINKS.feedback(notice.feedbackId) }));
        fleetConsole.resources.feedback.refresh();
      }
    });
    return () => subscription.unsubscribe();
  }, [fleetConsole]);
  const seen = () => setUnseen((u) => ({ ...u, count: 0 }));
  const label = unseen.count ? `${unseen.count} new follow-up alerts` : 'Follow-up alerts';
  return (
    <Box position="relative">
      <HeaderTip label={label}>
        <IconButton variant="ghost" size="sm" asChild>
          <a {...linkProps(unseen.link, seen)} aria-label={label}>
            <Bell />
          </a>
        </IconButton>
      </HeaderTip>
      {unseen.count > 0 && (
        <Badge
          position="absolute"
          top="-1"
          insetEnd="-1"
          colorPalette="red"
          variant="solid"
          borderRadius="full"
          fontSize="2xs"
          pointerEvents="none"
          data-testid="follow-up-badge"
        >
          {unseen.count}
        </Badge>
      )}
    </Box>
  );
}
