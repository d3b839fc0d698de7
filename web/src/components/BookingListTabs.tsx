// The booking lists as tabs, on the host's Bookings page and a team's Bookings tab.
import type { ComponentProps } from 'react';
import { useIntl } from 'react-intl';
import type { BookingList } from '../lib/shared.ts';
import { LazyTabs } from './LazyTabs.tsx';

// Each tab's label is the catalogue's bookings.tab.<list>.
const LISTS: BookingList[] = ['upcoming', 'past', 'cancelled', 'all'];

type ListTab = { value: BookingList; label: string };

/** Upcoming, Past, Cancelled and All as LazyTabs: `panel` shows the open one's list, fetched when its tab opens. */
export function BookingListTabs(props: Omit<ComponentProps<typeof LazyTabs<ListTab>>, 'tabs'>) {
  const intl = useIntl();
  return <LazyTabs tabs={LISTS.map((value) => ({ value, label: intl.formatMessage({ id: `bookings.tab.${value}` }) }))} {...props} />;
}
