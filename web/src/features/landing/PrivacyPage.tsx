// /privacy: the privacy policy.
import { Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { StaticPage } from './StaticPage.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function PrivacyPage() {
  const title = useIntl().formatMessage({ id: 'privacy.title' });
  usePageTitle(title);
  return (
    <StaticPage title={title}>
      <Text>
        <FormattedMessage id="privacy.stored" />
      </Text>
      <Text>
        <FormattedMessage id="privacy.guests" />
      </Text>
      <Text>
        <FormattedMessage id="privacy.directory" />
      </Text>
    </StaticPage>
  );
}
