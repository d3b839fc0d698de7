// What another screen says when something there needs the host's Zoom or Stripe account: a note that
// ends in a link to the account's block on Availability, which connects it.
import type { ReactNode } from 'react';
import { Text, type TextProps } from '@chakra-ui/react';
import { TextLink } from '../../components/TextLink.tsx';
import { STRIPE_SECTION_ID } from './StripeConnect.tsx';
import { ZOOM_SECTION_ID } from './ZoomConnect.tsx';

const SECTIONS = { zoom: ZOOM_SECTION_ID, stripe: STRIPE_SECTION_ID };

/** `children` says what needs the account; `link` is the words of the link to connect it. */
export function AccountNeeded({ provider, link, children, ...text }: TextProps & { provider: keyof typeof SECTIONS; link: ReactNode }) {
  return (
    <Text fontSize="sm" {...text}>
      {children}{' '}
      <TextLink to={`/availability#${SECTIONS[provider]}`} variant="underline">
        {link}
      </TextLink>
    </Text>
  );
}
