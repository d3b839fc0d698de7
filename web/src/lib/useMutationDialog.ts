// A dialog's form whose valid values go through one mutation; the dialog closes once it succeeds.
import { useEffect, type FormEventHandler } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { useRuleForm } from './ruleResolver.ts';
import type { z } from 'zod';

type Dialog = { open: boolean; onClose: () => void };

/** What the dialog needs of a mutation (a react-query `useMutation` result fits). */
interface Sender<Body> {
  mutate: (body: Body, options: { onSuccess: () => void }) => void;
  isPending: boolean;
}

/** The form, and the props FormDialog takes from it (open and close, submit, pending). */
interface MutationDialog<Input extends FieldValues, Values extends FieldValues> {
  form: UseFormReturn<Input, unknown, Values>;
  dialog: Dialog & { onSubmit: FormEventHandler<HTMLFormElement>; pending: boolean };
}

/** The form's values go to the mutation as they are. */
export function useMutationDialog<Input extends FieldValues, Values extends FieldValues>(
  dialog: Dialog,
  schema: z.ZodType<Values, Input>,
  defaults: DefaultValues<Input>,
  mutation: Sender<Values>,
): MutationDialog<Input, Values>;
/** The values first made into the mutation's body; where `toBody` gives null, nothing is sent. */
export function useMutationDialog<Input extends FieldValues, Values extends FieldValues, Body>(
  dialog: Dialog,
  schema: z.ZodType<Values, Input>,
  defaults: DefaultValues<Input>,
  mutation: Sender<Body>,
  toBody: (values: Values) => Body | null,
): MutationDialog<Input, Values>;
export function useMutationDialog<Input extends FieldValues, Values extends FieldValues, Body>(
  { open, onClose }: Dialog,
  schema: z.ZodType<Values, Input>,
  defaults: DefaultValues<Input>,
  mutation: Sender<Body | Values>,
  toBody: (values: Values) => Body | Values | null = (values) => values,
): MutationDialog<Input, Values> {
  // zod-validated, and started again from `defaults` each time the dialog opens.
  const form = useRuleForm(schema, defaults);
  const { reset } = form;
  useEffect(() => {
    if (open) reset(defaults);
  }, [open, reset, defaults]);
  const onSubmit = form.handleSubmit((values) => {
    const body = toBody(values);
    if (body !== null) mutation.mutate(body, { onSuccess: onClose });
  });
  return { form, dialog: { open, onClose, onSubmit, pending: mutation.isPending } };
}
