// The one error class: a machine code that callers decide by, and the sentence people read.
// Nothing here knows HTTP: http/errors.ts maps each code to a status and answers `{ code, message }`.
import type { z } from 'zod';
import { english, issueRule, ruleMessage, type RuleId, type RuleMessage, type RuleValues } from './messages.ts';

/** Every code a function may answer with, and the status the HTTP layer gives it. */
export const ERROR_STATUS = {
  invalid_request: 400, // a body, query or id that breaks a schema; the message names the field's rule
  invalid_time: 400, // the requested start or end is not an instant
  wrong_duration: 400, // end is not start + the event's duration
  slot_in_past: 400,
  slot_too_soon: 400, // inside the host's minimum notice
  slot_too_far: 400, // beyond the host's horizon (60 days at most)
  slot_outside_hours: 400, // not a start the availability offers
  calendar_failed: 400, // a connected calendar could not be reached or read (address, login, data)
  unauthorized: 401, // no session, or an expired one
  invalid_credentials: 401,
  forbidden: 403,
  email_unproven: 403, // accepting an invitation needs its mailed link: no Kairos mail has proven the account's address
  not_found: 404,
  method_not_allowed: 405,
  slot_taken: 409, // someone booked it first (or no team member is free any more)
  member_busy: 409, // the member to assign already has a booking then
  limit_reached: 409, // the event type's bookings of that day or week are at their limit
  invalid_transition: 409, // a booking status change the rules do not allow
  change_too_late: 409, // a guest's cancel or reschedule inside the host's notice for guest changes
  already_exists: 409,
  email_taken: 409,
  handle_taken: 409,
  slug_taken: 409,
  already_member: 409,
  payment_required: 402, // a paid event type booked where the guest cannot pay (the /api): its booking page takes the payment
  payload_too_large: 413,
  unsupported_media_type: 415, // a body that is not labelled application/json
  rate_limited: 429,
  internal: 500,
  payment_unavailable: 502, // Stripe refused or could not be reached to start the guest's payment; the time was released
  unavailable: 503, // the database is unreachable for a moment: retry
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The message by id and values, when a shared rule worded it: a client says it in its reader's language. */
    readonly rule?: RuleMessage,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const SLOT_TAKEN_RULE = ruleMessage('slotTaken');
export const SLOT_TAKEN = english(SLOT_TAKEN_RULE);

/** A failure a shared rule words: its English, and its id for a client that says it in another language. */
export const failure = (code: ErrorCode, rule: RuleMessage) => new AppError(code, english(rule), rule);

/** A refusal's words: a rule's, or (where no rule words it yet) English only. */
export type Worded = string | RuleMessage;

/** A refusal in a rule's words, or in English only. */
const refusal = (code: ErrorCode, message: Worded) => (typeof message === 'string' ? new AppError(code, message) : failure(code, message));

export const invalid = (message: Worded = ruleMessage('invalidRequest')) => refusal('invalid_request', message);
export const unauthorized = () => failure('unauthorized', ruleMessage('unauthorized'));
export const forbidden = (message: Worded = ruleMessage('forbidden')) => refusal('forbidden', message);
export const notFound = (message: Worded = ruleMessage('notFound')) => refusal('not_found', message);
export const slotTaken = () => failure('slot_taken', SLOT_TAKEN_RULE);
export const unavailable = () => failure('unavailable', ruleMessage('unavailable'));
/** A rule that takes no values. */
type BareRuleId = { [I in RuleId]: RuleValues<I> extends undefined ? I : never }[RuleId];
/** A failure in the words of a rule without values. */
export const refused = (code: ErrorCode, id: BareRuleId) => failure(code, ruleMessage(id));

/** The value, or the first issue's message as `invalid_request` (the schemas carry the product's texts). */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidIssue(result.error.issues[0]);
}

/** `invalid_request` with an issue's words, and its id when a shared rule worded it. */
export function invalidIssue(issue: { message: string; params?: Record<string, unknown> } | undefined): AppError {
  if (!issue) return invalid();
  const rule = issueRule(issue);
  return new AppError('invalid_request', issue.message, rule ?? undefined);
}
