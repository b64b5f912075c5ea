// Form state with the spec's validation: messages appear after the first submit and then follow
// every keystroke; the action runs only for a valid form. A server refusal keeps what was typed and
// shows its message, in the product's words, at the field it names (`"name: must NOT have more than
// 20 characters"` → "Name cannot exceed 20 characters!"); the streams layer has also shown it as the
// spec's error toast.
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../streams/api/api-error';
import { refusalText } from '../../streams/api/refusal-text';

export interface ValidatedFormOptions<F extends string> {
  /** The field a refusal belongs to when its message does not start with one (`"sn: …"`). */
  refusalField?: (message: string) => F | undefined;
}

/** The field a server refusal names and the message to show there, if it names one of ours. */
export function refusalAt<F extends string>(error: unknown, fields: readonly F[], options: ValidatedFormOptions<F> = {}): [F, string] | null {
  if (!(error instanceof ApiError) || error.kind !== 'code' || !error.msg) return null;
  const prefixed = /^([A-Za-z]+): (.+)$/.exec(error.msg);
  if (prefixed && fields.includes(prefixed[1] as F)) return [prefixed[1] as F, refusalText(error.msg)];
  const field = options.refusalField?.(error.msg);
  return field ? [field, refusalText(error.msg)] : null;
}

export function useValidatedForm<F extends string>(
  initial: Record<F, string>,
  check: (values: Record<F, string>) => Partial<Record<F, string>>,
  action: (values: Record<F, string>) => Promise<void>,
  options: ValidatedFormOptions<F> = {},
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  /** Sets a field; `clears` are emptied with it (choices that belonged to its old value). */
  const update = (field: F, value: string, clears: readonly F[] = []) => {
    const next = { ...values, ...Object.fromEntries(clears.map((cleared) => [cleared, ''])), [field]: value };
    setValues(next);
    if (submitted) setErrors(check(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await action(values);
    } catch (error) {
      const refusal = refusalAt(error, Object.keys(values) as F[], options);
      if (refusal) setErrors({ [refusal[0]]: refusal[1] } as Partial<Record<F, string>>);
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, errors, setErrors, update, submit, busy };
}
