// What an event type, a public page or a team with no bookable time says, instead of an all-grey
// calendar: to a guest that there is nothing to book, to its owner why and where to fix it.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarX } from 'lucide-react';
import { useIntl } from 'react-intl';
import { LinkButton } from './LinkButton.tsx';

/** Where the owner sets the hours that would make it bookable. */
export interface HoursLink {
  to: string;
  label?: string;
}

/** The owner's own hours; `label` unset: the catalogue's "Set your working hours". */
export const OWN_HOURS: HoursLink = { to: '/availability' };

/**
 * The notice, `compact` inside a card. `owner` (the viewer owns it) adds why and the way to the hours;
 * `reason` words why for the owner when it is known (no weekly hours), else a general one.
 */
export function NoBookableTime({ owner, reason, compact = false }: { owner?: HoursLink; reason?: string; compact?: boolean }) {
  const intl = useIntl();
  return (
    <Box role="status" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md" p={compact ? '3' : '4'}>
      <Stack gap="2" align="start">
        <Heading as="p" size="sm" display="flex" alignItems="center" gap="2">
          <CalendarX size={16} aria-hidden /> {intl.formatMessage({ id: owner ? 'noTime.ownerTitle' : 'noTime.guestTitle' })}
        </Heading>
        <Text fontSize="sm">
          {owner ? (reason ?? intl.formatMessage({ id: 'noTime.ownerText' })) : intl.formatMessage({ id: 'noTime.guestText' })}
        </Text>
        {owner ? (
          <LinkButton to={owner.to} size="xs" variant="outline">
            {owner.label ?? intl.formatMessage({ id: 'noTime.setHours' })}
          </LinkButton>
        ) : null}
      </Stack>
    </Box>
  );
}
