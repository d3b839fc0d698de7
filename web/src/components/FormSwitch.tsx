// A switch bound to a react-hook-form value.
import type { ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { SwitchField } from './SwitchField.tsx';

/** A SwitchField bound to a boolean form value; `label` may depend on whether it is on. */
export function FormSwitch<Input extends FieldValues, Values extends FieldValues>({
  control,
  name,
  label,
  description,
}: {
  control: Control<Input, unknown, Values>;
  name: Path<Input>;
  label: ReactNode | ((checked: boolean) => ReactNode);
  description?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <SwitchField
          checked={Boolean(field.value)}
          onChange={field.onChange}
          label={typeof label === 'function' ? label(Boolean(field.value)) : label}
          description={description}
        />
      )}
    />
  );
}
