// /terms: the terms of service.
import { Text } from '@chakra-ui/react';
import { StaticPage } from './StaticPage.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function TermsPage() {
  usePageTitle('Terms of Service');
  return (
    <StaticPage title="Terms of Service">
      <Text>
        By using Kairos you agree to use it lawfully, to keep your account credentials safe and to respect the people who book time with
        you.
      </Text>
      <Text>
        Hosts are responsible for the event types and availability they publish. Guests are responsible for the details they submit when
        booking.
      </Text>
      <Text>Kairos is provided as is. We may change these terms; continued use means you accept the current version.</Text>
    </StaticPage>
  );
}
