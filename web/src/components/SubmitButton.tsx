// The submit button of every form: blue, off while its request runs, and saying so when it has words for it.
import type { ComponentProps } from 'react';
import { Button } from '@chakra-ui/react';

/** Disabled while `pending` unless `disabled` says otherwise; shows `pendingLabel` (when given) meanwhile. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled = pending,
  children,
  ...button
}: Omit<ComponentProps<typeof Button>, 'type'> & { pending: boolean; pendingLabel?: string }) {
  return (
    <Button type="submit" colorPalette="blue" disabled={disabled} {...button}>
      {pending && pendingLabel ? pendingLabel : children}
    </Button>
  );
}
