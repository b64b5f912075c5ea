// Form state with the spec's validation: messages appear after the first submit and then follow
// every keystroke; the action runs only for a valid form, and failures were already shown as
// toasts by the streams layer.
import { useState, type FormEvent } from 'react';

export function useValidatedForm<F extends string>(
  initial: Record<F, string>,
  check: (values: Record<F, string>) => Partial<Record<F, string>>,
  action: (values: Record<F, string>) => Promise<void>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const update = (field: F, value: string) => {
    const next = { ...values, [field]: value };
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
    } catch {
      // The REST layer has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return { values, setValues, errors, setErrors, update, submit, busy };
}
