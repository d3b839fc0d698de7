// The time the guest picked, in the zone they are viewing, shown beside the booking form.
import { Box } from '@chakra-ui/react';
import { formatDate } from '../../lib/time.ts';
import { zoneLabel } from '../../lib/zones.ts';

export function ChosenSlot({ start, timeZone }: { start: string | undefined; timeZone: string }) {
  if (!start) return null;
  return (
    <Box bg="blue.subtle" borderRadius="md" p="3" fontSize="sm" role="status">
      {formatDate(new Date(start), "EEEE, MMMM d 'at' h:mm a", timeZone)} · {zoneLabel(timeZone, new Date(start))}
    </Box>
  );
}
