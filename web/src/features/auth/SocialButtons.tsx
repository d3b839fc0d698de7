// Continue with a social provider, through Supabase Auth's OAuth.
import { Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { FormattedMessage } from 'react-intl';
import { signInWithProvider } from './hooks.ts';

export function SocialButtons({ divider }: { divider: string }) {
  return (
    <Stack gap="4">
      <Button variant="outline" onClick={() => void signInWithProvider('google')}>
        <FormattedMessage id="auth.social.google" />
      </Button>
      <Button variant="outline" onClick={() => void signInWithProvider('apple')}>
        <FormattedMessage id="auth.social.apple" />
      </Button>
      <HStack>
        <Separator flex="1" />
        <Text flexShrink="0" fontSize="sm" color="fg.muted">
          {divider}
        </Text>
        <Separator flex="1" />
      </HStack>
    </Stack>
  );
}
