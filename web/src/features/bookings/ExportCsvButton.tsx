// Export CSV on the Bookings page: the list shown (its tab) as a CSV file, times in the host's zone
// (bookingsCsv.ts), in the host's language. The builder and papaparse load on the first click only.
import { Button } from '@chakra-ui/react';
import { Download } from 'lucide-react';
import { useIntl } from 'react-intl';
import { useBookingList } from '../../lib/ownerBookings.ts';
import { useCurrentUser, useOwner } from '../../lib/session.ts';
import type { BookingList } from '../../lib/shared.ts';

/** Hands `text` to the browser as a file named `name`. */
function download(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export function ExportCsvButton({ tab }: { tab: BookingList }) {
  const intl = useIntl();
  const list = useBookingList(useOwner(), tab);
  const { data: user } = useCurrentUser();
  const exportCsv = async () => {
    const { bookingsCsv, csvWords } = await import('./bookingsCsv.ts');
    const zone = user?.timezone ?? 'UTC';
    download(`bookings-${tab}.csv`, bookingsCsv(list.data ?? [], zone, csvWords(intl, zone)));
  };
  return (
    <Button variant="outline" disabled={!list.data?.length} onClick={() => void exportCsv()}>
      <Download /> {intl.formatMessage({ id: 'bookings.export' })}
    </Button>
  );
}
