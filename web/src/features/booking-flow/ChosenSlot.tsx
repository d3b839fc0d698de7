// The time the guest picked, in the zone they are viewing, shown beside the booking form.
import { Box } from '@chakra-ui/react';
import { useIntl } from 'react-intl';
import { formatDate } from '../../lib/time.ts';
import { zoneLabel } from '../../lib/zones.ts';

export function ChosenSlot({ start, timeZone }: { start: string | undefined; timeZone: string }) {
  const { locale } = useIntl();
  if (!start) return null;
  return (
    <Box bg="blue.subtle" borderRadius="md" p="3" fontSize="sm" role="status">
      {formatDate(new Date(start), "EEEE, MMMM d 'at' h:mm a", timeZone, locale)} · {zoneLabel(timeZone, new Date(start), locale)}
    </Box>
  );
}
