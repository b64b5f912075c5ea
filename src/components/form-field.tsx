import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

/** A labelled field that shows its validation message beneath it. */
export function FormField(props: { label: string; error?: string | undefined; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(props.error)} required={props.required}>
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      {props.children}
      {props.error && <Field.ErrorText data-testid="field-error">{props.error}</Field.ErrorText>}
    </Field.Root>
  );
}
