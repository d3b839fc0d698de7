// The shared rules' messages in English, by id: the words the functions' 400s answer with (the spec's,
// word for word) and the source every other language translates. The web says each in the page's
// language by its id (web/src/features/booking-flow/ruleWords.ts, catalogue key `booking.rule.<id>`).
// Plain functions rather than ICU strings: the rules run on a guest's booking page, which must not
// carry a message parser for English words it never shows.

/** A message within a message (a toast naming a field's rule), said first (rules/messages.ts's RuleMessage). */
interface RuleMessage {
  id: string;
  values?: Record<string, unknown>;
}
type Said = (message: RuleMessage) => string;

export const RULE_WORDS = {
  // The guest's details on the booking page (its fields' own words).
  name: () => 'Please enter your name.',
  missingEmail: () => 'Please enter your email address.',
  invalidEmail: () => 'Enter a complete email address, like name@example.com.',
  // The guest's details in the functions' booking bodies (docs/product/validation.md).
  publicGuest: () => 'Please fill in your name and email.',
  validEmail: () => 'Valid email is required',
  hostGuestName: () => 'Guest name is required',
  place: () => 'Please choose where to meet.',
  phone: () => 'Please enter a valid phone number with its country code.',
  company: () => 'Please enter your company.',
  notes: () => 'Please add a note for your host.',
  // A question's answer: under its field (the rule alone), and naming the question (a toast, a 400).
  unanswered: () => 'Please answer this question.',
  answerNamed: (v: { question: string }) => `Please answer “${v.question}”.`,
  answerFault: (v: { question: string; rule: RuleMessage }, said: Said) => `${v.question}: ${asClause(said(v.rule))}`,
  text: () => 'Must be text',
  textMax: (v: { max: number }) => `Must be at most ${v.max} characters`,
  number: () => 'Must be a number',
  numberRange: (v: { min: number; max: number }) => `Must be a number from ${v.min} to ${v.max}`,
  numberMin: (v: { min: number }) => `Must be at least ${v.min}`,
  numberMax: (v: { max: number }) => `Must be at most ${v.max}`,
  answerEmail: () => 'Must be a valid email address',
  option: () => 'Please choose one of the offered options',
  options: () => 'Please choose among the offered options',
  yesNo: () => 'Please answer yes or no',
  date: () => 'Must be a date (YYYY-MM-DD)',
  unknownQuestion: (v: { key: string }) => `Unknown question: ${v.key}`,
  // The other people a guest invites.
  guests: (v: { rule: RuleMessage }, said: Said) => `Guests: ${said(v.rule)}`,
  guestsList: () => 'Must be a list of email addresses.',
  guestsNone: () => 'This event type does not take other guests.',
  guestsMax: (v: { max: number }) => `At most ${v.max} other ${v.max === 1 ? 'person' : 'people'} can be added.`,
  guestEmpty: () => 'Please enter an email address or remove this guest.',
  guestInvalid: (v: { email: string }) => `“${v.email}” is not a valid email address.`,
  guestOwn: (v: { email: string }) => `${v.email} is your own email. Add other people only.`,
  guestTwice: (v: { email: string }) => `${v.email} is added twice.`,
  // A booking the functions refuse: its time, or the payment (docs/product/messages.md).
  slotTaken: () => 'This time slot is no longer available. Please select a different time.',
  invalidTime: () => 'Invalid start or end time',
  wrongDuration: () => 'The end time must be the start time plus the event duration',
  slotInPast: () => 'This time is in the past. Please select a different time.',
  slotTooSoon: () => 'This time is too soon to book. Please select a later time.',
  slotTooFar: () => 'This time is too far in the future. Please select an earlier time.',
  slotOutsideHours: () => 'This time is outside the available hours. Please select a different time.',
  limitReached: () => 'This day is fully booked for this event type. Please select a different day.',
  tooManyBookings: () => 'Too many booking requests. Please wait a moment and try again.',
  paymentUnavailable: () => 'The payment could not be started, so this time was released. Please try again.',
} satisfies Record<string, (values: never, said: Said) => string>;

/** A rule after a label: a clause ("Must be text") goes on in lower case, a full sentence keeps its capital. */
const asClause = (rule: string) => (/[.!?]$/.test(rule) ? rule : rule.charAt(0).toLowerCase() + rule.slice(1));
