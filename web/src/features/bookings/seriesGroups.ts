// A recurring series' occurrences are one booking each (docs/series.md); the host's lists show those
// of one series together, where its first one in the list is, each still its own card. The series' own
// row (how often, how many) is read under its RLS: the host's, or the team's members'.
import { useQuery } from '@tanstack/react-query';
import { unwrap } from '../../lib/api.ts';
import { supabase } from '../../lib/supabase.ts';
import type { SeriesFrequency } from '../../lib/shared.ts';
import type { Booking } from '../../lib/types.ts';
import type { ListItem } from './seatGroups.ts';

export type SeriesItem = { seriesId: number; occurrences: Booking[] };

/** The list's items with each series' occurrences gathered where its first one is, in the list's order. */
export function seriesGroups(items: ListItem[]): (ListItem | SeriesItem)[] {
  const out: (ListItem | SeriesItem)[] = [];
  const groups = new Map<number, Booking[]>();
  for (const item of items) {
    const seriesId = 'booking' in item ? item.booking.series_id : null;
    if (!('booking' in item) || seriesId === null || seriesId === undefined) {
      out.push(item);
      continue;
    }
    const occurrences = groups.get(seriesId);
    if (occurrences) occurrences.push(item.booking);
    else {
      const first = [item.booking];
      groups.set(seriesId, first);
      out.push({ seriesId, occurrences: first });
    }
  }
  return out;
}

export type SeriesFacts = { id: number; frequency: SeriesFrequency; count: number };

/** How often and how many times each listed series repeats (none asked when no series is listed). */
export function useSeriesFacts(ids: number[]) {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  return useQuery({
    queryKey: ['bookings', 'series', sorted],
    enabled: sorted.length > 0,
    queryFn: async () => {
      const rows = unwrap(await supabase.from('booking_series').select('id, frequency, count').in('id', sorted)) as SeriesFacts[];
      return new Map(rows.map((row) => [row.id, row]));
    },
  });
}
