// /privacy: the privacy policy.
import { Text } from '@chakra-ui/react';
import { StaticPage } from './StaticPage.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function PrivacyPage() {
  usePageTitle('Privacy Policy');
  return (
    <StaticPage title="Privacy Policy">
      <Text>
        Kairos stores your account, profile, availability and bookings to run the service. Your email is never shown on public pages.
      </Text>
      <Text>Guests' names, emails and notes are visible only to the host or team they booked with.</Text>
      <Text>Your profile and calendar appear in the community directory only when you make them public.</Text>
    </StaticPage>
  );
}
