// A labelled form field with its validation message.
import type { ReactNode } from 'react';
import { Field } from '@chakra-ui/react';

/** A labelled field with its validation message (Field wires label, input and error ids for a11y). */
export function FormField({
  label,
  error,
  helper,
  required,
  children,
}: {
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}
