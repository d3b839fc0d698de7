// Row shapes come from the generated database types; only the joined shapes the screens read are added here.
import type { Database, Enums, Tables } from './database.types.ts';
import type { PaymentFacts, StoredAnswer } from './shared.ts';

type Functions = Database['public']['Functions'];

export type BookingStatus = Enums<'booking_status'>;
export type TeamRole = Enums<'team_role'>;
export type AssignmentType = Enums<'assignment_type'>;

export type Profile = Tables<'profiles'>;
export type ProfileUpdate = Database['public']['Tables']['profiles']['Update'];
/** A public card (directory and public profile RPCs: never an email). */
export type PublicProfile = Functions['directory_profiles']['Returns'][number] & Partial<Functions['public_profile']['Returns'][number]>;
/** A host's or a team's event type (one table; the team's fields are null for a host's). */
export type EventType = Tables<'event_types'>;
export type AvailabilityRule = Pick<Tables<'availability_rules'>, 'day_of_week' | 'start_time' | 'end_time' | 'is_enabled'>;
export type UserSettings = Tables<'user_settings'>;
export type TimeOff = Tables<'time_off'>;
export type Team = Tables<'teams'>;

/** A booking card's columns: the event type's title and length, where a moved booking went, where a provider link stands (link_state), and a paid booking's payment. */
// The guest's answers and the people they invited come along for the booking's hosts only
// (booking_answers' and booking_attendees' policies): null or none for anyone else.
export const BOOKING_CARD_SELECT =
  '*, link_state, event_type:event_types!bookings_event_type_fkey(title, duration, seats_per_slot), moved_to:rescheduled_to(start_time), answers:booking_answers(answers), ' +
  'attendees:booking_attendees(email), ' +
  'payment:payments(amount, currency, status, refundedAmount:refunded_amount, refundStatus:refund_status, refundFailure:refund_failure, receiptUrl:receipt_url)';

export type Booking = Tables<'bookings'> & {
  /** `seats_per_slot`: a group event's seats (docs/seats.md), null for one guest a slot. */
  event_type?: { title: string; duration: number; seats_per_slot?: number | null } | null;
  moved_to?: { start_time: string } | null;
  /** The guest's answers, each with the label and type it was asked under (rules/questions.ts). */
  answers?: { answers: StoredAnswer[] } | null;
  /** The people the guest invited (rules/attendees.ts), by lower-cased address. */
  attendees?: { email: string }[] | null;
  /** A paid booking's payment (payments' key is the booking's: one or none); whoever reads the booking reads it. */
  payment?: PaymentFacts | null;
  assigned_member?: { id: string; first_name: string | null; last_name: string | null; email: string | null } | null;
};

export type TeamMember = Tables<'team_members'> & {
  user: Pick<Profile, 'id' | 'first_name' | 'last_name' | 'email' | 'profile_image_url' | 'title' | 'company' | 'location'> | null;
};

/** A pending invitation as its team's owners and admins read it (the token's hash is never readable). */
export type TeamInvitation = Pick<Tables<'team_invitations'>, 'id' | 'team_id' | 'email' | 'role' | 'created_at' | 'expires_at'>;
/** An invitation addressed to the signed-in user, with the team it is for. */
export type MyInvitation = TeamInvitation & { team: Pick<Team, 'id' | 'name' | 'slug' | 'description'> | null };
