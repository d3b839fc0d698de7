// Seats (docs/seats.md): a group slot partly taken stays offered with the seats left; a full one is
// busy; its time is busy for every other start, buffers included; anything else busy still refuses it.
import { describe, expect, it } from 'vitest';
import { checkSlot, computeSlots } from './slots.ts';
import { query, weekly } from './test-helpers.ts';

// 2026-03-02 is a Monday.
const MONDAY = { from: '2026-03-02T00:00:00Z', to: '2026-03-03T00:00:00Z' };
const at = (hhmm: string) => `2026-03-02T${hhmm}:00.000Z`;
const hours = weekly([1], '09:00', '11:00');
const slot = (start: string, left: number) => ({ start: at(start), end: at(start === '09:30' ? '10:00' : '10:30'), left });
const listed = (r: ReturnType<typeof computeSlots>) => r.slots.map((s) => [s.start.slice(11, 16), s.seatsLeft]);

describe('seated slots', () => {
  it('offers every seated start with all its seats, and a partly taken one with the seats left', () => {
    const r = computeSlots(query({ availability: hours, range: MONDAY, seats: { perSlot: 10, taken: [slot('10:00', 3)] } }));
    expect(listed(r)).toEqual([['09:00', 10], ['09:30', 10], ['10:00', 3], ['10:30', 10]]);
  });

  it('refuses a full slot, and any other start overlapping a taken slot (with buffers)', () => {
    const full = computeSlots(query({ availability: hours, range: MONDAY, seats: { perSlot: 10, taken: [slot('10:00', 0)] } }));
    expect(listed(full)).toEqual([['09:00', 10], ['09:30', 10], ['10:30', 10]]);
    const buffered = computeSlots(query({
      availability: hours, range: MONDAY, settings: { bufferBefore: 15, bufferAfter: 0, minimumNotice: 0, maxFutureBookings: 60 },
      seats: { perSlot: 10, taken: [slot('10:00', 4)] },
    }));
    // 10:30 needs its 15 minutes before, which the class at 10:00 takes; a seat of that class needs none from itself.
    expect(listed(buffered)).toEqual([['09:00', 10], ['09:30', 10], ['10:00', 4]]);
  });

  it('never offers a seated slot while the host is busy from anything else', () => {
    const r = computeSlots(query({
      availability: hours, range: MONDAY, busy: [{ start: at('10:15'), end: at('10:45') }],
      seats: { perSlot: 10, taken: [slot('10:00', 5)] },
    }));
    expect(listed(r)).toEqual([['09:00', 10], ['09:30', 10]]);
  });

  it('checkSlot accepts a seat of a partly taken slot and refuses a full one', () => {
    const hour = (left: number) => ({ start: at('10:00'), end: at('11:00'), left });
    const rules = (left: number) => ({ ...query({ duration: 60, availability: hours, range: MONDAY }), seats: { perSlot: 2, taken: [hour(left)] } });
    expect(checkSlot(rules(1), at('10:00'))).toEqual({ ok: true });
    expect(checkSlot(rules(0), at('10:00'))).toEqual({ ok: false, reason: 'busy' });
    expect(checkSlot(rules(1), at('09:30'))).toEqual({ ok: false, reason: 'busy' });
  });
});
