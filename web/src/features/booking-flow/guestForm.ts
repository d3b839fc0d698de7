// The guest's details form of the booking pages on plain inputs: react-hook-form would be most of a
// booking page's form code (13 KiB gzipped) for five text fields. It behaves as that form did: the
// rules run at submit; after a submit, a change re-checks its own field; the first invalid field
// takes the focus. `prepare` runs as a field takes the focus (the rules can load meanwhile).
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { guestDefaults, type GuestErrors, type GuestField, type GuestInput } from './guestWords.ts';
import type { GuestCheck, GuestValues } from './schemas.ts';

// The form's order: the first invalid field in it takes the focus.
const FIELDS = Object.keys(guestDefaults) as GuestField[];

export function useGuestForm(defaults: GuestInput, check: (values: GuestInput) => Promise<GuestCheck>, prepare: () => void) {
  const inputs = useRef(new Map<GuestField, HTMLInputElement | HTMLTextAreaElement>());
  const submitted = useRef(false);
  const [errors, setErrors] = useState<GuestErrors>({});

  const read = (): GuestInput => {
    const values = { ...defaults };
    for (const [name, input] of inputs.current) values[name] = input.value;
    return values;
  };

  /** The props of the field's input: its name, its first value, its element, its focus and its change. */
  const field = (name: GuestField) => ({
    name,
    defaultValue: defaults[name] ?? '',
    ref: (input: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (input) inputs.current.set(name, input);
      else inputs.current.delete(name);
    },
    onFocus: prepare,
    onChange: (_event: ChangeEvent) => {
      if (!submitted.current) return;
      void check(read()).then((result) => setErrors((now) => ({ ...now, [name]: 'errors' in result ? result.errors[name] : undefined })));
    },
  });

  /** The form's submit: `onValid` with the checked values, or the messages shown and `onInvalid` with them. */
  const handleSubmit = (onValid: (values: GuestValues) => void, onInvalid: (errors: GuestErrors) => void) => async (event?: FormEvent) => {
    event?.preventDefault();
    submitted.current = true;
    const result = await check(read());
    if ('errors' in result) {
      setErrors(result.errors);
      inputs.current.get(FIELDS.find((name) => result.errors[name])!)?.focus();
      onInvalid(result.errors);
    } else {
      setErrors({});
      onValid(result.values);
    }
  };

  /** Back to the defaults, no message shown, as before any submit. */
  const reset = () => {
    for (const [name, input] of inputs.current) input.value = defaults[name] ?? '';
    submitted.current = false;
    setErrors({});
  };

  return { field, errors, handleSubmit, reset, read };
}

export type GuestForm = ReturnType<typeof useGuestForm>;
