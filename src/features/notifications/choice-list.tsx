// Several choices out of a short list, as checkboxes under one legend: the node dialog's matchers,
// contact points, grouping and mute timings, and "my notifications". Native checkboxes in their
// labels, as the fleet assignment dialog has them: a click anywhere on the words toggles, and the
// form has the change at once.
import type { ReactNode } from 'react';
import { Fieldset, HStack, Text, Wrap, chakra } from '@chakra-ui/react';

export interface Choice {
  value: string;
  label: string;
}

/** One checkbox with its words. */
export function CheckItem(props: { checked: boolean; onChange: (checked: boolean) => void; children: ReactNode; fontWeight?: string }) {
  return (
    <HStack as="label" gap="2" fontSize="sm" fontWeight={props.fontWeight} cursor="pointer">
      <chakra.input type="checkbox" accentColor="blue.solid" boxSize="4" checked={props.checked} onChange={(e) => props.onChange(e.currentTarget.checked)} />
      {props.children}
    </HStack>
  );
}

export function ChoiceList(props: {
  legend: string;
  choices: readonly Choice[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  /** What none chosen means ("any depot"). */
  hint?: string;
  /** A message under the choices (the server's refusal naming this list). */
  error?: string | undefined;
}) {
  const toggle = (value: string, on: boolean) =>
    props.onChange(on ? props.choices.map((c) => c.value).filter((v) => v === value || props.value.includes(v)) : props.value.filter((v) => v !== value));
  return (
    <Fieldset.Root invalid={Boolean(props.error)}>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {props.legend}
      </Fieldset.Legend>
      {props.hint && <Fieldset.HelperText>{props.hint}</Fieldset.HelperText>}
      {props.choices.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          None in this fleet.
        </Text>
      ) : (
        <Wrap gap="4" rowGap="2" mt="1">
          {props.choices.map((choice) => (
            <CheckItem key={choice.value} checked={props.value.includes(choice.value)} onChange={(on) => toggle(choice.value, on)}>
              {choice.label}
            </CheckItem>
          ))}
        </Wrap>
      )}
      {props.error && <Fieldset.ErrorText data-testid="field-error">{props.error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
