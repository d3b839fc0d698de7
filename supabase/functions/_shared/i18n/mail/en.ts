// The booking mails and invites in English: the texts the mails always had. Every other locale has the
// same ids (MailCatalogue) and the same arguments (mailWords.test.ts); ICU MessageFormat syntax.
import { PLACE_LABELS } from '../../rules/places.ts';

export const en = {
  'greeting.named': 'Hi {name},',
  'greeting.unnamed': 'Hello,',
  'host.fallback': 'your host',
  when: '{day}, {from} – {to} ({zone})',

  'guest.requested.subject': 'Request received: {title} with {host} on {at}',
  'guest.requested.lead': "Your request has been sent to {host}. You'll receive confirmation once they approve it.",
  'guest.confirmed.subject': 'Confirmed: {title} with {host} on {at}',
  'guest.confirmed.lead': 'Your booking with {host} is confirmed.',
  'guest.declined.subject': 'Declined: {title} with {host} on {at}',
  'guest.declined.lead': '{host} could not accept your request. Nothing is booked.',
  'guest.cancelled.subject': 'Cancelled: {title} with {host} on {at}',
  'guest.cancelled.byGuest': 'Your booking has been cancelled, as you asked.',
  'guest.cancelled.byHost': '{host} cancelled your booking.',
  'guest.rescheduled.subject': 'Rescheduled: {title} with {host}, now {at}',
  'guest.rescheduled.lead': 'Your booking has moved to a new time.',
  'guest.linkReady.subject': 'Meeting link: {title} with {host} on {at}',
  'guest.linkReady.lead': 'The link to join your booking with {host} is ready.',
  'guest.reminder.subject': 'Reminder: {title} with {host} on {at}',
  'guest.reminder.lead': 'A reminder of your booking with {host}.',

  'invitee.requested.subject': 'Requested: {title} with {host} on {at}',
  'invitee.requested.lead': "{guest} asked {host} for this booking and invited you. You'll hear once they approve it.",
  'invitee.confirmed.subject': 'Invitation: {title} with {host} on {at}',
  'invitee.confirmed.lead': '{guest} invited you to {title} with {host}.',
  'invitee.declined.subject': 'Declined: {title} with {host} on {at}',
  'invitee.declined.lead': '{host} could not accept {guest}’s request. Nothing is booked.',
  'invitee.cancelled.subject': 'Cancelled: {title} with {host} on {at}',
  'invitee.cancelled.lead': '{who} cancelled the booking.',
  'invitee.rescheduled.subject': 'Rescheduled: {title} with {host}, now {at}',
  'invitee.rescheduled.lead': '{guest} moved the booking to a new time.',
  'invitee.linkReady.subject': 'Meeting link: {title} with {host} on {at}',
  'invitee.linkReady.lead': 'The link to join the booking with {host} is ready.',
  'invitee.reminder.subject': 'Reminder: {title} with {host} on {at}',
  'invitee.reminder.lead': 'A reminder of the booking with {host} that {guest} invited you to.',

  'host.newBooking.subject': 'New booking: {title} with {guest} on {at}',
  'host.newBooking.lead': '{guest} booked {title} with you.',
  'host.approvalNeeded.subject': 'Approval needed: {title} with {guest} on {at}',
  'host.approvalNeeded.lead': '{guest} asked to book {title}. Confirm or reject the request on your Bookings page.',
  'host.guestCancelled.subject': 'Cancelled by guest: {title} with {guest} on {at}',
  'host.guestCancelled.lead': '{guest} cancelled the booking.',
  'host.guestRescheduled.subject': 'Rescheduled by guest: {title} with {guest}, now {at}',
  'host.guestRescheduled.lead': '{guest} moved the booking to a new time.',
  'host.linkReady.subject': 'Meeting link: {title} with {guest} on {at}',
  'host.linkReady.lead': 'The link to join your booking with {guest} is ready.',
  'host.reminder.subject': 'Reminder: {title} with {guest} on {at}',
  'host.reminder.lead': 'A reminder of your booking with {guest}.',

  'action.manage': 'Reschedule or cancel',
  'action.bookings': 'View your bookings',
  'action.review': 'Review the request',

  'row.what': 'What',
  'row.whatValue': '{title} ({duration, plural, one {# minute} other {# minutes}})',
  'row.when': 'When',
  'row.was': 'Was',
  'row.before': 'Before',
  'row.where': 'Where',
  'row.host': 'Host',
  'row.guest': 'Guest',
  'row.invitedBy': 'Invited by',
  'row.alsoInvited': 'Also invited',
  'row.reason': 'Reason',
  'row.paid': 'Paid',
  'row.receipt': 'Receipt',
  'row.refund': 'Refund',
  'refund.none': 'none (cancelled inside the notice for changes)',
  'refund.share': '{refund} of {total}',

  // The places' English names are the ones every screen and calendar shows (rules/places.ts).
  'place.in_person': PLACE_LABELS.in_person,
  'place.phone_host_calls': PLACE_LABELS.phone_host_calls,
  'place.phone_guest_calls': PLACE_LABELS.phone_guest_calls,
  'place.link': PLACE_LABELS.link,
  'place.jitsi': PLACE_LABELS.jitsi,
  'place.google_meet': PLACE_LABELS.google_meet,
  'place.zoom': PLACE_LABELS.zoom,
  'place.linkFollows': 'The link will follow',

  'note.adds': 'The attached invitation adds the event to your calendar.',
  'note.removes': 'The attached invitation removes the event from your calendar.',

  // A team invitation (the invitee's language when they have an account, else the inviter's).
  'invitation.subject': 'Invitation to join {team}',
  'invitation.leadBy': '{inviter} invited you to join {team} on Kairos as {role, select, admin {an admin} other {a member}}.',
  'invitation.lead': 'You are invited to join {team} on Kairos as {role, select, admin {an admin} other {a member}}.',
  'invitation.action': 'Accept or decline',
  'invitation.note':
    'Nothing about you is shared with the team until you accept. Sign in (or create your account) with this email address to answer.',
  'invitation.expires': 'The invitation expires on {date} (UTC).',

  // A webhook paused after a day of failed deliveries, to its host or its team's owners and admins.
  'webhookPaused.subject': 'Webhook paused: {host}',
  'webhookPaused.lead': 'Kairos paused your webhook to {url}: its deliveries kept failing for 24 hours.',
  'webhookPaused.leadTeam': "Kairos paused the {team} team's webhook to {url}: its deliveries kept failing for 24 hours.",
  'webhookPaused.next':
    'Nothing more is sent to it until you resume it. Fix the endpoint, resume it, and send the failed messages again from its delivery log.',
  'webhookPaused.error': 'Last error: {error}',
  'webhookPaused.settings': 'Webhook settings',

  'invite.summary': '{title}: {guest} and {host}',
  'answer.yes': 'Yes',
  'answer.no': 'No',
  'invite.manage': 'Reschedule or cancel: {url}',
} as const;

export type MailMessageId = keyof typeof en;
export type MailCatalogue = Record<MailMessageId, string>;
