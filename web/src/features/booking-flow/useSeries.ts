// A guest's recurring series (docs/series.md): whether they repeat the time they picked, how often and
// how many times, every occurrence as the slots function checks it (GET /slots/series), and what they
// chose for each taken one: its week's nearest free time (the preview's alternative) or skipping it.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { callFunction, HttpError } from '../../lib/api.ts';
import { MAX_SERIES_COUNT, type SeriesFrequency } from '../../lib/shared.ts';
import type { BookingTarget } from './hooks.ts';

/** What an event type offers (public_event_type(s)): the frequencies and the most occurrences; none when max is null. */
export interface SeriesOffer {
  frequencies?: SeriesFrequency[] | null;
  maxCount?: number | null;
}

export interface SeriesOccurrence {
  start: string;
  end: string;
  free: boolean;
  /** A taken one's free time of its week (Monday to Sunday in the host's zone) nearest to it, or null. */
  alternative?: { start: string; end: string } | null;
}

interface SeriesPreview {
  occurrences: SeriesOccurrence[];
}

/** What the guest chose for a taken occurrence. */
export type Resolution = 'skip' | 'move';

/** The `recurrence` of POST /bookings. */
export interface SeriesBody {
  frequency: SeriesFrequency;
  count: number;
  skip?: string[];
  moved?: { from: string; to: string }[];
}

/** The count as typed: a whole number in the offered range, else null (nothing is asked). */
function countOf(text: string, max: number): number | null {
  const n = /^\d+$/.test(text.trim()) ? Number(text) : Number.NaN;
  return n >= 2 && n <= max ? n : null;
}

/** The starts a 409 `slot_taken` of a series names (`taken`), or null for any other failure. */
export function takenStarts(error: unknown): string[] | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  try {
    const taken = (JSON.parse(error.body) as { taken?: unknown }).taken;
    return Array.isArray(taken) ? taken.filter((t): t is string => typeof t === 'string') : null;
  } catch {
    return null;
  }
}

const same = (a: string, b: string) => new Date(a).getTime() === new Date(b).getTime();

export function useSeries(target: BookingTarget, offer: SeriesOffer | undefined, firstStart: string | undefined, timeZone: string) {
  const frequencies = offer?.maxCount ? (offer.frequencies ?? []) : [];
  const max = Math.min(offer?.maxCount ?? 0, MAX_SERIES_COUNT);
  const [on, setOn] = useState(false);
  const [picked, setFrequency] = useState<SeriesFrequency | null>(null);
  const [countText, setCountText] = useState<string | null>(null);
  const [resolutions, setResolutions] = useState<Record<string, Resolution>>({});
  /** The dates a booking just lost to someone else (a 409), said until the guest changes the series. */
  const [lost, setLost] = useState<string[]>([]);
  const queryClient = useQueryClient();

  const frequency = picked && frequencies.includes(picked) ? picked : (frequencies[0] ?? null);
  // Four until the guest types a count, or fewer when the host allows fewer.
  const shownCount = countText ?? String(Math.min(4, max));
  const count = countOf(shownCount, max);
  const offered = frequencies.length > 0 && max >= 2;
  const active = offered && on;
  const id = target.kind === 'personal' ? `eventTypeId=${target.eventTypeId}` : `teamEventTypeId=${target.teamEventTypeId}`;
  const asking = active && Boolean(firstStart) && frequency !== null && count !== null;
  const key = ['slots', 'series', id, firstStart, frequency, count, timeZone];
  const preview = useQuery({
    queryKey: key,
    enabled: asking,
    // The list stays while a changed count is checked, rather than flickering empty.
    placeholderData: keepPreviousData,
    queryFn: () =>
      callFunction<SeriesPreview>(
        `slots/series?${id}&start=${encodeURIComponent(firstStart!)}&frequency=${frequency}&count=${count}&timeZone=${encodeURIComponent(timeZone)}`,
      ),
  });
  const occurrences = asking ? (preview.data?.occurrences ?? []) : [];
  const taken = occurrences.filter((o, i) => i > 0 && !o.free);
  const resolutionOf = (o: SeriesOccurrence): Resolution | undefined => {
    const chosen = resolutions[o.start];
    return chosen === 'move' && !o.alternative ? undefined : chosen;
  };
  const firstTaken = occurrences[0] ? !occurrences[0].free : false;
  /** Taken occurrences the guest has not decided on yet (a taken first one cannot be decided on here). */
  const unresolved = (firstTaken ? 1 : 0) + taken.filter((o) => !resolutionOf(o)).length;
  const ready = !active || (asking && preview.isSuccess && !preview.isPlaceholderData && occurrences.length > 0 && unresolved === 0);

  const changed = () => {
    setResolutions({});
    setLost([]);
  };

  return {
    offered,
    frequencies,
    max,
    on: active,
    setOn: (next: boolean) => {
      setOn(next);
      changed();
    },
    frequency,
    setFrequency: (next: SeriesFrequency) => {
      setFrequency(next);
      changed();
    },
    countText: shownCount,
    /** The count typed is out of the offered range. */
    countInvalid: active && count === null,
    setCount: (text: string) => {
      setCountText(text);
      changed();
    },
    preview,
    occurrences,
    firstTaken,
    unresolved,
    /** Nothing stands in the way of booking: no series, or every occurrence free or decided on. */
    ready,
    resolutionOf,
    resolve: (start: string, resolution: Resolution | null) =>
      setResolutions(({ [start]: _old, ...rest }) => (resolution ? { ...rest, [start]: resolution } : rest)),
    lost,
    /** The series to book (null: a single booking). */
    body: (): SeriesBody | null => {
      if (!active || !frequency || count === null) return null;
      const skip = taken.filter((o) => resolutionOf(o) === 'skip').map((o) => o.start);
      const moved = taken.filter((o) => resolutionOf(o) === 'move').map((o) => ({ from: o.start, to: o.alternative!.start }));
      return { frequency, count, ...(skip.length ? { skip } : {}), ...(moved.length ? { moved } : {}) };
    },
    /**
     * Someone booked some of the dates in between (a 409 naming them): they are said, the choices made
     * for them are undone and every occurrence is checked again; the rest of the form stays.
     */
    lose: (starts: string[]) => {
      setLost(starts);
      setResolutions((current) =>
        Object.fromEntries(
          Object.entries(current).filter(([start]) => {
            const alternative = occurrences.find((o) => o.start === start)?.alternative?.start;
            return !starts.some((t) => same(t, start) || (alternative !== undefined && same(t, alternative)));
          }),
        ),
      );
      void queryClient.invalidateQueries({ queryKey: ['slots', 'series'] });
    },
    reset: () => {
      setOn(false);
      setCountText(null);
      setFrequency(null);
      changed();
    },
  };
}

export type Series = ReturnType<typeof useSeries>;
