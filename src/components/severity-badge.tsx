import { Badge } from '@chakra-ui/react';
import type { AlarmSeverity } from '../../contract/api/types';

/** Most severe first. */
export const ALARM_SEVERITIES: readonly AlarmSeverity[] = ['critical', 'major', 'minor'];

const PALETTE: Record<AlarmSeverity, string> = { critical: 'red', major: 'orange', minor: 'yellow' };

export function SeverityBadge({ severity }: { severity: AlarmSeverity }) {
  return (
    <Badge colorPalette={PALETTE[severity]} variant="solid" textTransform="capitalize" flexShrink={0}>
      {severity}
    </Badge>
  );
}
