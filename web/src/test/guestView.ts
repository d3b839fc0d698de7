// A guest's view of their booking (GET /api/booking/{uid}) for web component tests: a confirmed
// half hour of Ada Host's Strategy Call; tests give the times and status they need.
import type { GuestView } from '../lib/shared.ts';

export function guestView(overrides: Partial<GuestView> = {}): GuestView {
  return {
    uid: 'b-uid',
    status: 'confirmed',
    startTime: '2031-03-10T09:00:00Z',
    endTime: '2031-03-10T09:30:00Z',
    title: 'Strategy Call',
    duration: 30,
    eventTypeId: 5,
    teamEventTypeId: null,
    teamName: null,
    hostName: 'Ada Host',
    guestName: 'Grace',
    guestTimezone: 'UTC',
    cancelledBy: null,
    cancellationReason: null,
    moved: false,
    changeDeadline: '2031-03-10T08:00:00Z',
    canChange: true,
    canCancel: true,
    ...overrides,
  };
}
