// A labelled form field with its validation message, and the app's text inputs wrapped in one.
import type { ComponentType, ReactNode } from 'react';
import { Field, Input, Textarea } from '@chakra-ui/react';

type FieldProps = { label: ReactNode; error?: string; helper?: ReactNode; required?: boolean };

/** A labelled field with its validation message (Field wires label, input and error ids for a11y). */
export function FormField({ label, error, helper, required, children }: FieldProps & { children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}</Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
    </Field.Root>
  );
}

/**
 * `Control` inside a FormField: the field's props (label, error, helper, required) go to the field, every
 * other prop (a react-hook-form `register` spread with its ref, value/onChange, placeholder) to the control.
 */
export function labelled<P extends object>(Control: ComponentType<P>) {
  function LabelledControl({ label, error, helper, required, ...control }: FieldProps & Omit<P, keyof FieldProps>) {
    return (
      <FormField label={label} error={error} helper={helper} required={required}>
        <Control {...(control as P)} />
      </FormField>
    );
  }
  return LabelledControl;
}

/** A labelled one-line text input. */
export const TextField = labelled(Input);
/** A labelled multi-line text input. */
export const TextAreaField = labelled(Textarea);
