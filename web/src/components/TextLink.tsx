// A link to another screen of the app within text (a router link styled as a link, as LinkButton is as a button).
import type { ComponentProps } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** A router link in a Link's clothes: `to` and the children go to the router link, the rest styles the link. */
export function TextLink({ to, children, ...link }: Omit<ComponentProps<typeof Link>, 'asChild' | 'href'> & { to: string }) {
  return (
    <Link asChild {...link}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
