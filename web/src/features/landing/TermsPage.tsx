// /terms: the terms of service.
import { Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { StaticPage } from './StaticPage.tsx';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export default function TermsPage() {
  const title = useIntl().formatMessage({ id: 'terms.title' });
  usePageTitle(title);
  return (
    <StaticPage title={title}>
      <Text>
        <FormattedMessage id="terms.use" />
      </Text>
      <Text>
        <FormattedMessage id="terms.responsibility" />
      </Text>
      <Text>
        <FormattedMessage id="terms.asIs" />
      </Text>
    </StaticPage>
  );
}
