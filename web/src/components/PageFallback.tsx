// What a page shows while what it needs loads: a spinner named in the page's language.
import { Center, Spinner } from '@chakra-ui/react';
import { useIntl } from 'react-intl';

export function PageFallback() {
  const intl = useIntl();
  return (
    <Center py="20">
      <Spinner size="lg" aria-label={intl.formatMessage({ id: 'layout.loading' })} />
    </Center>
  );
}
