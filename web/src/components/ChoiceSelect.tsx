// A native select over a list of choices, for every picker of the app.
import type { ComponentProps, ReactNode } from 'react';
import { NativeSelect } from '@chakra-ui/react';

/** `lang`: the language of a label not in the page's (a language picker names each in itself). */
export type Choice = { value: string | number; label: ReactNode; lang?: string };

/**
 * A native select with one option per choice. Props other than `choices`, `root` and `children` go to the
 * <select> itself (value/onChange or a react-hook-form `register` spread, aria-label, placeholder);
 * `root` styles the wrapper; `children` are options placed before the choices.
 */
export function ChoiceSelect({
  choices,
  root,
  children,
  ...field
}: Omit<ComponentProps<typeof NativeSelect.Field>, 'children'> & {
  choices: Choice[];
  root?: ComponentProps<typeof NativeSelect.Root>;
  children?: ReactNode;
}) {
  return (
    <NativeSelect.Root {...root}>
      <NativeSelect.Field {...field}>
        {children}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value} lang={choice.lang}>
            {choice.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
