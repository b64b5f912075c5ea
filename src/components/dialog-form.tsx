import { type ReactNode, useEffect } from 'react';
import { Button, Dialog, Input, NativeSelect, Portal, Stack, Textarea, chakra } from '@chakra-ui/react';
import { type Rule, validateForm } from '../lib/validation';
import { useRecordVersion } from '../lib/use-record-version';
import { type ValidatedFormOptions, useValidatedForm } from '../lib/use-validated-form';
import { FormField } from './form-field';
import { OvertakenAlert } from './overtaken-alert';
import { showSuccess } from './toaster';

export interface DialogField<F extends string> {
  /** The body key the server expects, so a refusal naming it lands at this field. */
  name: F;
  /** The spec's label, which is also the field's accessible name. */
  label: string;
  /** Rules from the shared validation module, first failing message shown. */
  rules: readonly Rule[];
  /** A select when given; a text input otherwise. */
  options?: ReadonlyArray<{ value: string; label: string }>;
  /** Placeholder option of a select (value ''). */
  placeholder?: string;
  /** A select that always holds one of its options, starting on a default: no blank option to pick. */
  defaulted?: boolean;
  type?: 'text' | 'email' | 'password' | 'datetime-local';
  /** A control of the screen's own (a vehicle picker) instead of an input or select; it edits the string value. */
  editor?: (value: string, change: (value: string) => void) => ReactNode;
  required?: boolean;
  /** A text area for text over several lines (descriptions, reasons). */
  multiline?: boolean;
  /** Fields emptied when this one changes: choices among its old value's options (a sub-fleet of the old fleet). */
  clears?: readonly F[];
}

export interface DialogFormProps<F extends string> extends ValidatedFormOptions<F> {
  open: boolean;
  title: string;
  /** The fields, or the fields for the values typed so far (a depot field only for some kinds). */
  fields: ReadonlyArray<DialogField<F>> | ((values: Record<F, string>) => ReadonlyArray<DialogField<F>>);
  initial: Record<F, string>;
  /** The spec's success words shown for 2 s once the server accepts, e.g. SUCCESS.added. */
  success: string;
  submitLabel?: string;
  /**
   * Throws the server's refusal (an ApiError); the dialog then stays open with what was typed.
   * `version`: the record's version the values are based on (see `versioned`).
   */
  onSubmit: (values: Record<F, string>, version: number | undefined) => Promise<unknown>;
  /**
   * An edit of a stored record read at `version`: when someone else saved it meanwhile, the server's
   * refusal (409) carries the record as it now is; the form then shows its values (`valuesOf`) with
   * a message naming the record (`noun`), and saving again is based on its version.
   */
  versioned?: { noun: string; version: number | undefined; valuesOf: (current: Record<string, unknown>) => Record<F, string> };
  onClose: () => void;
  /** Told of every change, for options that follow another field (sub-fleets of the chosen fleet). */
  onValuesChange?: (values: Record<F, string>) => void;
  /** Extra content below the fields (a note, a nested editor). */
  children?: ReactNode;
  /** Told of every submit, valid or not, so the extra content shows its own errors together with the fields'. */
  onSubmitAttempt?: () => void;
}

/**
 * A form in a dialog: validated on submit and then on every change with the spec's messages,
 * submit disabled while saving, the server's refusal shown at the field it names. A form taller than
 * the window scrolls its body: the title and Save stay in view.
 */
export function DialogForm<F extends string>(props: DialogFormProps<F>) {
  return (
    <Dialog.Root open={props.open} onOpenChange={(details) => !details.open && props.onClose()} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>{props.open && <DialogFormBody {...props} />}</Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

// Mounted while open, so every opening starts from `initial`.
function DialogFormBody<F extends string>(props: DialogFormProps<F>) {
  const fieldsFor = (values: Record<F, string>) => (typeof props.fields === 'function' ? props.fields(values) : props.fields);
  const check = (values: Record<F, string>) =>
    validateForm(
      Object.fromEntries(fieldsFor(values).map((field) => [field.name, field.rules.map((rule) => () => rule(values[field.name]))])) as Record<
        F,
        Array<() => string | null>
      >,
    );
  const record = useRecordVersion(props.versioned?.version);
  const { values, setValues, errors, setErrors, update, submit, busy } = useValidatedForm<F>(
    props.initial,
    check,
    async (values) => {
      if (!props.versioned) await props.onSubmit(values, undefined);
      else {
        const current = await record.save((version) => props.onSubmit(values, version));
        if (current) {
          setValues(props.versioned.valuesOf(current));
          setErrors({});
          return;
        }
      }
      showSuccess(props.success);
      props.onClose();
    },
    { refusalField: props.refusalField },
  );
  const { onValuesChange } = props;
  useEffect(() => onValuesChange?.(values), [onValuesChange, values]);

  return (
    <chakra.form
      display="flex"
      flexDirection="column"
      minHeight="0"
      flex="1"
      onSubmit={(event) => {
        props.onSubmitAttempt?.();
        return submit(event);
      }}
      noValidate
      aria-label={props.title}
    >
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4">
          {record.overtaken && props.versioned && <OvertakenAlert noun={props.versioned.noun} />}
          {fieldsFor(values).map((field) => (
            <FormField key={field.name} label={field.label} error={errors[field.name]} required={field.required ?? field.rules.length > 0}>
              {field.editor ? (
                field.editor(values[field.name], (value) => update(field.name, value, field.clears))
              ) : field.options ? (
                <NativeSelect.Root>
                  <NativeSelect.Field value={values[field.name]} onChange={(event) => update(field.name, event.currentTarget.value, field.clears)}>
                    {!field.defaulted && <option value="">{field.placeholder ?? 'Please select'}</option>}
                    {field.options.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              ) : field.multiline ? (
                <Textarea rows={4} value={values[field.name]} onChange={(event) => update(field.name, event.currentTarget.value)} />
              ) : (
                <Input type={field.type ?? 'text'} value={values[field.name]} onChange={(event) => update(field.name, event.currentTarget.value)} />
              )}
            </FormField>
          ))}
          {props.children}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" onClick={props.onClose}>
          Cancel
        </Button>
        <Button type="submit" colorPalette="blue" loading={busy} loadingText="Saving" disabled={busy}>
          {props.submitLabel ?? 'Save'}
        </Button>
      </Dialog.Footer>
    </chakra.form>
  );
}
