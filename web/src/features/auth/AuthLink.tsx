// The links under the sign-in and sign-up forms, as the words of a message: "Don't have an account? <link>Sign up</link>".
import type { ReactNode } from 'react';
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** Renders a message's tagged words as a link to `to`. */
export const linkTo = (to: string) =>
  function AuthLink(words: ReactNode[]) {
    return (
      <Link asChild colorPalette="blue" color="colorPalette.fg">
        <RouterLink to={to}>{words}</RouterLink>
      </Link>
    );
  };
