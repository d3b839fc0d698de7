// A button that goes to another screen of the app (a router link styled as a button).
import type { ComponentProps } from 'react';
import { Button } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

/** A router link in a Button's clothes: `to` and the children go to the link, the rest styles the button. */
export function LinkButton({ to, children, ...button }: Omit<ComponentProps<typeof Button>, 'asChild'> & { to: string }) {
  return (
    <Button asChild {...button}>
      <Link to={to}>{children}</Link>
    </Button>
  );
}
