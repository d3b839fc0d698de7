// A group event's seats are one booking each (docs/seats.md); the host's lists show the seats of one
// slot together, as the one meeting they are.
import type { Booking } from '../../lib/types.ts';

export type ListItem = { booking: Booking } | { seatSlotId: number; seats: Booking[] };

/**
 * The list's bookings with each slot's seats gathered where its first seat is, in the list's order.
 * The lists without cancellations show every seat a slot holds (cancelled and expired ones never
 * hold one), so a group's size there is its seats taken.
 */
export function seatGroups(bookings: Booking[]): ListItem[] {
  const items: ListItem[] = [];
  const groups = new Map<number, Booking[]>();
  for (const booking of bookings) {
    if (booking.seat_slot_id === null) {
      items.push({ booking });
      continue;
    }
    const seats = groups.get(booking.seat_slot_id);
    if (seats) seats.push(booking);
    else {
      const first = [booking];
      groups.set(booking.seat_slot_id, first);
      items.push({ seatSlotId: booking.seat_slot_id, seats: first });
    }
  }
  return items;
}
