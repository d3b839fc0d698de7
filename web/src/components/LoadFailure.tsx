// A page or part of one whose data could not be loaded: what went wrong, in words, and a way to try
// again. Never "not found": a network, storage or server failure says nothing about whether the thing exists.
import { Button, Heading, Stack, Text } from '@chakra-ui/react';
import { RotateCw } from 'lucide-react';
import { useIntl, type IntlShape } from 'react-intl';
import { HttpError } from '../lib/api.ts';

/** What a failed load was, for people: the server's status, or that it could not be reached. */
export function loadFailureReason(error: unknown, intl: IntlShape): string {
  if (error instanceof HttpError) return intl.formatMessage({ id: 'common.loadFailed.status' }, { status: error.status });
  return intl.formatMessage({ id: 'common.loadFailed.offline' });
}

export function LoadFailure({ title, error, onRetry, compact = false }: { title: string; error: unknown; onRetry: () => void; compact?: boolean }) {
  const intl = useIntl();
  return (
    <Stack role="alert" align={compact ? 'start' : 'center'} textAlign={compact ? 'start' : 'center'} gap="3" py={compact ? '2' : '16'} px={compact ? '0' : '4'}>
      <Heading as={compact ? 'h3' : 'h1'} size={compact ? 'sm' : 'xl'}>
        {title}
      </Heading>
      <Text color="fg.muted" fontSize={compact ? 'sm' : 'md'}>
        {loadFailureReason(error, intl)}
      </Text>
      <Button size="sm" variant="outline" onClick={onRetry}>
        <RotateCw aria-hidden /> {intl.formatMessage({ id: 'common.tryAgain' })}
      </Button>
    </Stack>
  );
}
