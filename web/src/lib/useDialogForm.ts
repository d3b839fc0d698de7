// A zod-validated form for a dialog, reset each time the dialog opens.
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/** A zod-validated form that starts again from `defaults` each time its dialog opens. */
export function useDialogForm<Input extends FieldValues, Values extends FieldValues>(
  open: boolean,
  schema: z.ZodType<Values, Input>,
  defaults: DefaultValues<Input>,
) {
  const form = useForm<Input, unknown, Values>({ resolver: zodResolver(schema), defaultValues: defaults });
  const { reset } = form;
  useEffect(() => {
    if (open) reset(defaults);
  }, [open, reset, defaults]);
  return form;
}
