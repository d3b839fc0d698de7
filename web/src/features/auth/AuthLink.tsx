// The links under the sign-in and sign-up forms, as the words of a message: "Don't have an account? <link>Sign up</link>".
import type { ReactNode } from 'react';
import { TextLink } from '../../components/TextLink.tsx';

/** Renders a message's tagged words as a link to `to`. */
export const linkTo = (to: string) =>
  function AuthLink(words: ReactNode[]) {
    return (
      <TextLink to={to} colorPalette="blue" color="colorPalette.fg">
        {words}
      </TextLink>
    );
  };
