// The static text pages (terms, privacy): a title, which names the tab too, and paragraphs, each a message.
import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { MessageId } from '../../i18n/catalogue.ts';
import { usePageTitle } from '../../lib/usePageTitle.ts';

export function StaticPage({ title, paragraphs }: { title: MessageId; paragraphs: MessageId[] }) {
  const heading = useIntl().formatMessage({ id: title });
  usePageTitle(heading);
  return (
    <Container maxW="3xl" py="12">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {heading}
        </Heading>
        {paragraphs.map((id) => (
          <Text key={id}>
            <FormattedMessage id={id} />
          </Text>
        ))}
      </Stack>
    </Container>
  );
}
