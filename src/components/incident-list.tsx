// Incidents as the home feed and the wall's board show them: one row per incident (title,
// severity, vehicles, age, acknowledgement, who is on it, escalation step), expandable to its alarms,
// with Acknowledge and "I'm on it" for people.
import { Badge, Box, Button, Flex, Stack, Text, chakra } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useObservable, useObservableState } from 'observable-hooks';
import { type ReactNode, useId, useState } from 'react';
import { switchMap } from 'rxjs';
import type { EscalationStep } from '../../contract/entities/incident';
import type { Incident, IncidentAlarm } from '../../streams/alarms/incidents';
import { formatAgo } from '../lib/date-format';
import { SUCCESS } from '../lib/messages';
import { useFleetConsole } from '../lib/services';
import { useAccount } from '../lib/use-account';
import { AcknowledgeIncidentDialog } from './acknowledge-incident-dialog';
import { AlarmAckNote } from './alarm-ack-note';
import { SeverityBadge } from './severity-badge';
import { showSuccess } from './toaster';

/** The escalation steps in the fleet's words. */
export const ESCALATION_STEP_LABEL: Record<EscalationStep, string> = {
  operator: 'operator',
  fleet_manager: 'fleet manager',
  service_engineer: 'service engineer',
};

/** What an inhibited alarm says: it is held under its vehicle's gateway outage, never notified on its own. */
export const INHIBITED_TEXT = 'Held under the gateway outage';

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

const Toggle = chakra('button', {
  base: {
    display: 'flex',
    alignItems: 'center',
    gap: '2',
    width: 'full',
    minWidth: '0',
    textAlign: 'start',
    cursor: 'pointer',
    borderRadius: 'sm',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.solid', outlineOffset: '2px' },
  },
});

export interface IncidentListProps {
  incidents: readonly Incident[];
  /** `lg` for a wall read across a room. */
  size: 'sm' | 'lg';
  /** The test id of each incident's row. */
  rowTestId: string;
  /** A wall signed in with a display token only reads. */
  readOnly?: boolean;
  /** A line under the title, e.g. the fleet's name on the wall. */
  place?: (incident: Incident) => string | undefined;
  /** Incidents that just arrived, to catch the eye. */
  fresh?: ReadonlySet<string>;
  /** One alarm of an expanded incident. */
  renderAlarm: (alarm: IncidentAlarm) => ReactNode;
}

export function IncidentList(props: IncidentListProps) {
  const [acknowledging, setAcknowledging] = useState<Incident | null>(null);
  // Held here, not per row, so an incident stays open while the list reloads under a new filter.
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <Stack as="ul" gap="0" listStyleType="none">
        {props.incidents.map((incident) => (
          <IncidentRow
            key={incident.id}
            incident={incident}
            {...props}
            expanded={expanded.has(incident.id)}
            onToggle={() => toggle(incident.id)}
            onAcknowledge={() => setAcknowledging(incident)}
          />
        ))}
      </Stack>
      <AcknowledgeIncidentDialog incident={acknowledging} onClose={() => setAcknowledging(null)} />
    </>
  );
}

function IncidentRow({
  incident,
  size,
  rowTestId,
  readOnly,
  place,
  fresh,
  renderAlarm,
  expanded,
  onToggle,
  onAcknowledge,
}: IncidentListProps & { incident: Incident; expanded: boolean; onToggle: () => void; onAcknowledge: () => void }) {
  const { incidents } = useFleetConsole();
  const account = useAccount();
  const [taking, setTaking] = useState(false);
  const alarmsId = useId();
  const large = size === 'lg';
  const alarms = incident.alarmCounts.critical + incident.alarmCounts.major + incident.alarmCounts.minor;
  const me = account.status === 'ready' ? account.info.user.name : null;
  const mine = incident.assignee !== null && incident.assignee.name === me;
  const isFresh = fresh?.has(incident.id) ?? false;
  const where = place?.(incident);

  const takeIt = () => {
    setTaking(true);
    // A refusal reaches the person as the REST client's toast.
    incidents
      .assign(incident.id)
      .then(() => showSuccess(SUCCESS.assigned))
      .catch(() => undefined)
      .finally(() => setTaking(false));
  };

  // On the wall the buttons sit beside the title; in the narrower feed, under it, so the title keeps the width.
  const actions = readOnly ? null : (
    <Flex gap="1" flexShrink={0} ms="auto">
      {!mine && (
        <Button size={large ? 'lg' : 'xs'} variant="outline" loading={taking} onClick={takeIt}>
          I&apos;m on it
        </Button>
      )}
      {!incident.ack && (
        <Button size={large ? 'lg' : 'xs'} colorPalette="red" variant="outline" onClick={onAcknowledge}>
          Acknowledge
        </Button>
      )}
    </Flex>
  );

  return (
    <Box
      as="li"
      px={large ? '4' : '3'}
      py={large ? '3' : '2'}
      borderBottomWidth="1px"
      data-testid={rowTestId}
      data-incident-id={incident.id}
      data-fresh={isFresh || undefined}
      bg={isFresh ? 'red.900' : undefined}
      animation={isFresh ? 'pulse 1s ease-in-out infinite' : undefined}
      opacity={incident.ack ? 0.75 : 1}
    >
      <Flex align="center" gap={large ? '4' : '2'}>
        <Toggle type="button" aria-expanded={expanded} aria-controls={alarmsId} onClick={onToggle}>
          <Box as="span" color="fg.muted" flexShrink={0} aria-hidden>
            {expanded ? <ChevronDown size={large ? 22 : 16} /> : <ChevronRight size={large ? 22 : 16} />}
          </Box>
          <SeverityBadge severity={incident.severity} />
          <Box as="span" minWidth="0" flex="1">
            <Text as="span" fontWeight={large ? 'bold' : 'semibold'} fontSize={large ? 'xl' : 'sm'} lineClamp={large ? 1 : 2} data-testid="incident-title">
              {incident.title}
            </Text>
            {where && (
              <Text as="span" display="block" color="fg.muted" fontSize={large ? 'md' : 'xs'} truncate>
                {where}
              </Text>
            )}
          </Box>
          <Text as="span" fontSize={large ? 'lg' : 'xs'} color="fg.muted" flexShrink={0} data-testid="incident-age">
            {formatAgo(incident.startedAt, Date.now(), !large)}
          </Text>
        </Toggle>
        {large && actions}
      </Flex>
      <Flex align="center" gap="2" wrap="wrap" fontSize={large ? 'md' : 'xs'} color="fg.muted" mt="1" ps={large ? '9' : '6'}>
        <Text data-testid="incident-extent">
          {plural(incident.vehicleCount, 'vehicle')} · {plural(alarms, 'alarm')}
        </Text>
        <EscalationBadge incident={incident} large={large} />
        {incident.assignee && (
          <Badge colorPalette="blue" variant="subtle" size={large ? 'md' : 'sm'} data-testid="incident-assignee">
            {mine ? "You're on it" : `${incident.assignee.name} is on it`}
          </Badge>
        )}
        {!large && actions}
      </Flex>
      {incident.ack && (
        <Box ps={large ? '9' : '6'}>
          <AlarmAckNote ack={incident.ack} />
        </Box>
      )}
      <Box id={alarmsId} hidden={!expanded} mt="1" ms={large ? '9' : '6'} borderStartWidth="2px">
        {expanded && <IncidentAlarms incidentId={incident.id} renderAlarm={renderAlarm} />}
      </Box>
    </Box>
  );
}

function EscalationBadge({ incident, large }: { incident: Incident; large: boolean }) {
  const { step, level } = incident.escalation;
  return (
    <Badge
      variant={level > 0 ? 'solid' : 'outline'}
      colorPalette={level === 0 ? 'gray' : level === 1 ? 'orange' : 'red'}
      size={large ? 'md' : 'sm'}
      data-testid="incident-step"
      data-step={step}
    >
      {level > 0 ? `Escalated to ${ESCALATION_STEP_LABEL[step]}` : `With the ${ESCALATION_STEP_LABEL[step]}`}
    </Badge>
  );
}

function IncidentAlarms({ incidentId, renderAlarm }: { incidentId: string; renderAlarm: IncidentListProps['renderAlarm'] }) {
  const { incidents } = useFleetConsole();
  const detail = useObservableState(useObservable((id$) => id$.pipe(switchMap(([id]) => incidents.detail$(id))), [incidentId]));
  if (!detail || (detail.status === 'loading' && !detail.data)) {
    return (
      <Text px="3" py="2" fontSize="sm" color="fg.muted">
        Loading its alarms…
      </Text>
    );
  }
  if (!detail.data) {
    return (
      <Text px="3" py="2" fontSize="sm" color="fg.error">
        Its alarms could not be loaded.
      </Text>
    );
  }
  return (
    <Stack as="ul" gap="0" listStyleType="none" aria-label="Alarms of this incident">
      {detail.data.alarms.map((alarm) => (
        <Box as="li" key={alarm.id}>
          {renderAlarm(alarm)}
        </Box>
      ))}
    </Stack>
  );
}

/** The marker of an alarm held under its gateway outage. */
export function InhibitedBadge() {
  return (
    <Badge variant="subtle" colorPalette="purple" size="sm" flexShrink={0} data-testid="alarm-inhibited">
      {INHIBITED_TEXT}
    </Badge>
  );
}
