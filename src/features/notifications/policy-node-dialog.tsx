// Add or edit one node of a policy tree: what it takes (sub-fleets, depots, alarm kinds, severities),
// where it sends, how it groups, its timings with units, its mute timings and "continue". The dialog
// changes the page's draft only; Save tree sends the whole tree. A refusal of the last save that
// named this node shows at its field.
import { useState, type FormEvent } from 'react';
import { Button, Dialog, Field, HStack, Input, NativeSelect, Portal, Stack, chakra } from '@chakra-ui/react';
import { fieldWords } from '../../../streams/api/refusal-text';
import { GROUP_KEYS, type GroupKey, type NotificationPolicy, POLICY_DEFAULTS, POLICY_TIMING_BOUNDS } from '../../../contract/entities/notification-policy';
import { CheckItem, ChoiceList, type Choice } from './choice-list';
import { ALARM_KIND_CHOICES, GROUP_WORDS, TIME_UNITS, type TimeUnit, durationWords, secondsOf, splitDuration } from './policy-tree';

type Timing = keyof typeof POLICY_TIMING_BOUNDS;
const TIMINGS: ReadonlyArray<{ key: Timing; label: string }> = [
  { key: 'groupWaitSeconds', label: 'Group wait' },
  { key: 'groupIntervalSeconds', label: 'Group interval' },
  { key: 'repeatIntervalSeconds', label: 'Repeat interval' },
];

const SEVERITY_CHOICES: Choice[] = [
  { value: 'critical', label: 'Critical' },
  { value: 'major', label: 'Major' },
  { value: 'minor', label: 'Minor' },
];

/** Refusals shown at their own field; others (the node's id, its parent) under the form. */
const SHOWN_AT_FIELD = [
  'matchers.subFleetIds',
  'matchers.depotIds',
  'matchers.kinds',
  'matchers.severities',
  'contactPointIds',
  'groupBy',
  'muteTimingIds',
  ...TIMINGS.map((t) => t.key),
];

export interface PolicyChoices {
  subFleets: Choice[];
  depots: Choice[];
  contactPoints: Choice[];
  muteTimings: Choice[];
}

interface TimingValue {
  amount: string;
  unit: TimeUnit;
}

const timingOf = (seconds: number | undefined): TimingValue => {
  if (seconds === undefined) return { amount: '', unit: 's' };
  const { amount, unit } = splitDuration(seconds);
  return { amount: String(amount), unit };
};

/** The node's timing as its parents give it, for "left empty" hints and the repeat rule. */
export function inheritedTiming(policies: readonly NotificationPolicy[], parentId: string | null, key: Timing): number {
  const parent = parentId === null ? undefined : policies.find((p) => p.id === parentId);
  if (!parent) return POLICY_DEFAULTS[key];
  return parent[key] ?? inheritedTiming(policies, parent.parentId, key);
}

/** Messages per field of the timings; the same bounds as the contract's schema, and repeat at least the group interval. */
export function timingErrors(timings: Record<Timing, TimingValue>, inherited: (key: Timing) => number, isRoot: boolean): Partial<Record<Timing, string>> {
  const errors: Partial<Record<Timing, string>> = {};
  const seconds: Partial<Record<Timing, number>> = {};
  for (const { key, label } of TIMINGS) {
    const text = timings[key].amount.trim();
    if (text === '') {
      if (isRoot) errors[key] = `Please fill in ${label.toLowerCase()}!`;
      continue;
    }
    if (!/^\d+$/.test(text)) {
      errors[key] = `${label} must be a whole number!`;
      continue;
    }
    const value = secondsOf(Number(text), timings[key].unit);
    const { minimum, maximum } = POLICY_TIMING_BOUNDS[key];
    if (value < minimum || value > maximum) errors[key] = `${label} must be between ${durationWords(minimum)} and ${durationWords(maximum)}!`;
    else seconds[key] = value;
  }
  const interval = seconds.groupIntervalSeconds ?? inherited('groupIntervalSeconds');
  const repeat = seconds.repeatIntervalSeconds ?? inherited('repeatIntervalSeconds');
  if (!errors.repeatIntervalSeconds && !errors.groupIntervalSeconds && repeat < interval)
    errors.repeatIntervalSeconds = `Repeat interval must be at least the group interval (${durationWords(interval)})!`;
  return errors;
}

export function PolicyNodeDialog(props: {
  title: string;
  policy: NotificationPolicy;
  policies: readonly NotificationPolicy[];
  choices: PolicyChoices;
  /** The last save's refusal when it named this node: its field path under the node and the message. */
  refusal?: { field: string; text: string } | undefined;
  onSave: (policy: NotificationPolicy) => void;
  onClose: () => void;
}) {
  const { policy, policies, choices } = props;
  const isRoot = policy.parentId === null;
  const [matchers, setMatchers] = useState(policy.matchers);
  const [contactPointIds, setContactPointIds] = useState<string[]>(policy.contactPointIds ?? []);
  const [groupBy, setGroupBy] = useState<string[]>(policy.groupBy ?? []);
  const [muteTimingIds, setMuteTimingIds] = useState<string[]>(policy.muteTimingIds);
  const [continues, setContinues] = useState(policy.continue);
  const [timings, setTimings] = useState<Record<Timing, TimingValue>>({
    groupWaitSeconds: timingOf(policy.groupWaitSeconds),
    groupIntervalSeconds: timingOf(policy.groupIntervalSeconds),
    repeatIntervalSeconds: timingOf(policy.repeatIntervalSeconds),
  });
  const [submitted, setSubmitted] = useState(false);
  const inherited = (key: Timing) => inheritedTiming(policies, policy.parentId, key);
  const errors = submitted ? timingErrors(timings, inherited, isRoot) : {};
  // The server's refusal stays at its field until that field changes.
  const [refusal, setRefusal] = useState(props.refusal);
  const refusalAt = (field: string) =>
    refusal && (refusal.field === field || refusal.field.startsWith(`${field}.`)) ? `${fieldWords(refusal.field)}: ${refusal.text}` : undefined;
  const touched = (field: string) => {
    if (refusal && (refusal.field === field || refusal.field.startsWith(`${field}.`))) setRefusal(undefined);
  };

  const setMatcher = (key: keyof NotificationPolicy['matchers'], value: string[]) => {
    touched(`matchers.${key}`);
    setMatchers((m) => ({ ...m, [key]: value }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(timingErrors(timings, inherited, isRoot)).length > 0) return;
    const seconds = (key: Timing) => (timings[key].amount.trim() === '' ? undefined : secondsOf(Number(timings[key].amount), timings[key].unit));
    const nonEmpty = (list: string[] | undefined) => (list && list.length > 0 ? list : undefined);
    const node: NotificationPolicy = {
      id: policy.id,
      parentId: policy.parentId,
      matchers: isRoot
        ? {}
        : Object.fromEntries(
            Object.entries({
              subFleetIds: nonEmpty(matchers.subFleetIds),
              depotIds: nonEmpty(matchers.depotIds),
              kinds: nonEmpty(matchers.kinds),
              severities: nonEmpty(matchers.severities),
            }).filter(([, list]) => list !== undefined),
          ),
      muteTimingIds,
      continue: isRoot ? false : continues,
    };
    // Left empty below the root: the parent's.
    if (isRoot || contactPointIds.length > 0) node.contactPointIds = contactPointIds;
    if (isRoot || groupBy.length > 0) node.groupBy = groupBy as GroupKey[];
    for (const { key } of TIMINGS) {
      const value = seconds(key);
      if (value !== undefined) node[key] = value;
    }
    props.onSave(node);
  };

  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && props.onClose()} placement="center" scrollBehavior="inside" size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form display="flex" flexDirection="column" minHeight="0" flex="1" onSubmit={submit} noValidate aria-label={props.title}>
              <Dialog.Header>
                <Dialog.Title>{props.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  {!isRoot && (
                    <>
                      <ChoiceList
                        error={refusalAt('matchers.subFleetIds')}
                        legend="Sub-fleets"
                        hint="None chosen: any sub-fleet."
                        choices={choices.subFleets}
                        value={matchers.subFleetIds ?? []}
                        onChange={(v) => setMatcher('subFleetIds', v)}
                      />
                      <ChoiceList
                        error={refusalAt('matchers.depotIds')}
                        legend="Depots"
                        hint="None chosen: any depot."
                        choices={choices.depots}
                        value={matchers.depotIds ?? []}
                        onChange={(v) => setMatcher('depotIds', v)}
                      />
                      <ChoiceList
                        error={refusalAt('matchers.kinds')}
                        legend="Alarm kinds"
                        hint="None chosen: any kind."
                        choices={ALARM_KIND_CHOICES}
                        value={matchers.kinds ?? []}
                        onChange={(v) => setMatcher('kinds', v)}
                      />
                      <ChoiceList
                        error={refusalAt('matchers.severities')}
                        legend="Severities"
                        hint="None chosen: any severity."
                        choices={SEVERITY_CHOICES}
                        value={matchers.severities ?? []}
                        onChange={(v) => setMatcher('severities', v)}
                      />
                    </>
                  )}
                  <ChoiceList
                    error={refusalAt('contactPointIds')}
                    legend="Contact points"
                    hint={isRoot ? 'Where notifications go unless a policy below says otherwise.' : 'None chosen: its parent’s.'}
                    choices={choices.contactPoints}
                    value={contactPointIds}
                    onChange={(v) => {
                      touched('contactPointIds');
                      setContactPointIds(v);
                    }}
                  />
                  <ChoiceList
                    error={refusalAt('groupBy')}
                    legend="Group by"
                    hint={isRoot ? 'None chosen: one notification for every alarm it takes.' : 'None chosen: as its parent.'}
                    choices={GROUP_KEYS.map((k) => ({ value: k, label: GROUP_WORDS[k] }))}
                    value={groupBy}
                    onChange={(v) => {
                      touched('groupBy');
                      setGroupBy(v);
                    }}
                  />
                  {TIMINGS.map(({ key, label }) => (
                    <Field.Root key={key} invalid={Boolean(errors[key] ?? refusalAt(key))} required={isRoot}>
                      <Field.Label>
                        {label}
                        {isRoot && <Field.RequiredIndicator />}
                      </Field.Label>
                      <HStack gap="2">
                        <Input
                          width="8rem"
                          inputMode="numeric"
                          value={timings[key].amount}
                          placeholder={isRoot ? undefined : durationWords(inherited(key))}
                          onChange={(e) => {
                            touched(key);
                            const amount = e.currentTarget.value;
                            setTimings((t) => ({ ...t, [key]: { ...t[key], amount } }));
                          }}
                        />
                        <NativeSelect.Root width="7rem">
                          <NativeSelect.Field
                            aria-label={`${label} unit`}
                            value={timings[key].unit}
                            onChange={(e) => {
                              const unit = e.currentTarget.value as TimeUnit;
                              setTimings((t) => ({ ...t, [key]: { ...t[key], unit } }));
                            }}
                          >
                            {TIME_UNITS.map((u) => (
                              <option key={u.unit} value={u.unit}>
                                {u.unit}
                              </option>
                            ))}
                          </NativeSelect.Field>
                          <NativeSelect.Indicator />
                        </NativeSelect.Root>
                      </HStack>
                      {!isRoot && <Field.HelperText>Left empty: its parent’s ({durationWords(inherited(key))}).</Field.HelperText>}
                      {(errors[key] ?? refusalAt(key)) && <Field.ErrorText data-testid="field-error">{errors[key] ?? refusalAt(key)}</Field.ErrorText>}
                    </Field.Root>
                  ))}
                  <ChoiceList
                    error={refusalAt('muteTimingIds')}
                    legend="Mute timings"
                    hint="While one of these is in force, this policy sends nothing."
                    choices={choices.muteTimings}
                    value={muteTimingIds}
                    onChange={(v) => {
                      touched('muteTimingIds');
                      setMuteTimingIds(v);
                    }}
                  />
                  {!isRoot && (
                    <CheckItem checked={continues} onChange={(on) => setContinues(on)}>
                      Continue: after this policy matched, try its later siblings too
                    </CheckItem>
                  )}
                  {refusal && !SHOWN_AT_FIELD.some((field) => refusal.field === field || refusal.field.startsWith(`${field}.`)) && (
                    <chakra.p role="alert" color="fg.error" fontSize="sm">
                      {fieldWords(refusal.field)}: {refusal.text}
                    </chakra.p>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" onClick={props.onClose}>
                  Cancel
                </Button>
                <Button type="submit" colorPalette="blue">
                  Done
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
