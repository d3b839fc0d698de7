// A step the event type dialog's component tests share: a value the dialog refuses, then the one it takes.
import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** `field` given `refused` and the dialog's `save` pressed: it says `message`; then `field` given `value` instead. */
export async function retypedAfterRefusal(
  user: UserEvent,
  dialog: HTMLElement,
  field: HTMLElement,
  { refused, message, value }: { refused: string; message: string; value: string },
  save = 'Save Changes',
) {
  await user.clear(field);
  await user.type(field, refused);
  await user.click(within(dialog).getByRole('button', { name: save }));
  expect(await within(dialog).findByText(message)).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, value);
}
