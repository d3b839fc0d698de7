import { describe, expect, it } from 'vitest';
import { seriesStarts, weekAround } from './series.ts';

const iso = (ms: number[]) => ms.map((t) => new Date(t).toISOString());

describe('seriesStarts', () => {
  it('keeps 10:00 Europe/Berlin weekly across the change of March 2027 (09:00 UTC, then 08:00)', () => {
    const starts = iso(seriesStarts(Date.parse('2027-03-15T09:00:00Z'), 'weekly', 4, 'Europe/Berlin'));
    expect(starts).toEqual(['2027-03-15T09:00:00.000Z', '2027-03-22T09:00:00.000Z', '2027-03-29T08:00:00.000Z', '2027-04-05T08:00:00.000Z']);
  });

  it('every 2 weeks, across New York\'s change of November 2026', () => {
    const starts = iso(seriesStarts(Date.parse('2026-10-26T13:30:00Z'), 'biweekly', 3, 'America/New_York'));
    expect(starts).toEqual(['2026-10-26T13:30:00.000Z', '2026-11-09T14:30:00.000Z', '2026-11-23T14:30:00.000Z']);
  });

  it('monthly on the same weekday of the month: the 2nd Tuesday stays the 2nd Tuesday', () => {
    // 2027-01-12 is the 2nd Tuesday of January.
    const starts = iso(seriesStarts(Date.parse('2027-01-12T15:00:00Z'), 'monthly', 4, 'UTC'));
    expect(starts).toEqual(['2027-01-12T15:00:00.000Z', '2027-02-09T15:00:00.000Z', '2027-03-09T15:00:00.000Z', '2027-04-13T15:00:00.000Z']);
  });

  it('a 5th weekday goes on in the months that have one', () => {
    // 2027-03-29 is the 5th Monday of March; April and May 2027 have none, so the next is 2027-05-31.
    expect(iso(seriesStarts(Date.parse('2027-03-29T08:00:00Z'), 'monthly', 2, 'UTC'))).toEqual(['2027-03-29T08:00:00.000Z', '2027-05-31T08:00:00.000Z']);
  });
});

describe('weekAround', () => {
  it("is the host zone's Monday to Monday", () => {
    const week = weekAround(Date.parse('2027-03-31T10:00:00Z'), 'Europe/Berlin');
    expect(iso([week.from, week.to])).toEqual(['2027-03-28T22:00:00.000Z', '2027-04-04T22:00:00.000Z']);
  });
});
