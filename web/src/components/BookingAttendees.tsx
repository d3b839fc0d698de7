// The people a guest invited to a booking (rules/attendees.ts), beside its answers: on the host's
// cards, a team's list and the guest's manage page, to read only. Nothing when there are none.
import { Box, List, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useIntl } from 'react-intl';

export function BookingAttendees({ emails, label }: { emails?: readonly string[] | null; label?: string }) {
  const intl = useIntl();
  const id = useId();
  if (!emails?.length) return null;
  return (
    <Box mt="2">
      <Text id={id} color="fg.muted">
        {intl.formatMessage({ id: 'common.labelled' }, { label: label ?? intl.formatMessage({ id: 'booking.alsoInvited' }) })}
      </Text>
      <List.Root aria-labelledby={id} listStyle="none">
        {emails.map((email) => (
          <List.Item key={email}>{email}</List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
