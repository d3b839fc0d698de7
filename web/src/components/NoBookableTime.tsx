// What an event type, a public page or a team with no bookable time says, instead of an all-grey
// calendar: to a guest that there is nothing to book, to its owner why and where to fix it.
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { CalendarX } from 'lucide-react';
import { LinkButton } from './LinkButton.tsx';

/** Where the owner sets the hours that would make it bookable. */
export interface HoursLink {
  to: string;
  label: string;
}

export const OWN_HOURS: HoursLink = { to: '/availability', label: 'Set your working hours' };

/**
 * The notice, `compact` inside a card. `owner` (the viewer owns it) adds why and the way to the hours;
 * `reason` words why for the owner when it is known (no weekly hours), else a general one.
 */
export function NoBookableTime({ owner, reason, compact = false }: { owner?: HoursLink; reason?: string; compact?: boolean }) {
  return (
    <Box role="status" borderWidth="1px" borderColor="orange.muted" bg="orange.subtle" borderRadius="md" p={compact ? '3' : '4'}>
      <Stack gap="2" align="start">
        <Heading as="p" size="sm" display="flex" alignItems="center" gap="2">
          <CalendarX size={16} aria-hidden /> {owner ? 'Guests can’t book this yet' : 'No times to book right now'}
        </Heading>
        <Text fontSize="sm">
          {owner
            ? (reason ?? 'Your working hours, settings and bookings leave no free time in the next 60 days, so guests see no day to pick.')
            : 'There is no free time to book in the coming weeks. Please check back later.'}
        </Text>
        {owner ? (
          <LinkButton to={owner.to} size="xs" variant="outline">
            {owner.label}
          </LinkButton>
        ) : null}
      </Stack>
    </Box>
  );
}
