// A labelled switch with an optional help line.
import type { ReactNode } from 'react';
import { Stack, Switch, Text } from '@chakra-ui/react';

export function SwitchField({
  checked,
  onChange,
  label,
  description,
  disabled,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: ReactNode;
  description?: string;
  disabled?: boolean;
}) {
  return (
    <Switch.Root checked={checked} disabled={disabled} onCheckedChange={(details) => onChange(details.checked)}>
      <Switch.HiddenInput />
      <Switch.Control />
      {description ? (
        <Stack gap="0">
          <Switch.Label>{label}</Switch.Label>
          <Text fontSize="sm" color="fg.muted">
            {description}
          </Text>
        </Stack>
      ) : (
        <Switch.Label>{label}</Switch.Label>
      )}
    </Switch.Root>
  );
}
